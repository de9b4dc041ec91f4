import { useState } from 'react';
import { setLocale } from '@shambasoko/shared';
import { usePreferences } from '@shambasoko/shared/preferences';
import {
  AREA_UNITS,
  LANGUAGE_LABELS,
  LANGUAGES,
  NOTICE_CHANNELS,
  NOTIFICATION_KINDS,
  preferencesSchema,
  type Preferences,
} from '@shambasoko/contracts';
import { Button, Card, FormError } from '@shambasoko/shared/ui';
import { useSchemaForm } from '../../components/use-schema-form';
import { useSavePreferences } from './api/save-preferences';
import { ChoiceGroup } from './components/choice-group';
import { PhoneNotifications } from './components/phone-notifications';
import { SavedNotice } from '../../components/saved-notice';
import { SettingsPage } from '../../components/settings-page';
import { useErrorText } from '../../components/error-text';
import { useT } from '../../i18n';

/** /preferences: language, the area unit every farm screen uses, which notices to get, and by SMS, e-mail or push. */
export default function PreferencesPage() {
  const t = useT();
  return (
    <SettingsPage
      title={t('preferences.title')}
      subtitle={t('preferences.subtitle')}
      failedTitle={t('preferences.loadFailed')}
      query={usePreferences()}
    >
      {(saved) => <PreferencesForm saved={saved} />}
    </SettingsPage>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
  const t = useT();
  const msg = useErrorText();
  const form = useSchemaForm(preferencesSchema, { defaultValues: saved });
  const save = useSavePreferences();
  const [done, setDone] = useState(false);
  const field = (name: Parameters<typeof form.register>[0]) =>
    form.register(name, {
      onChange: () => {
        setDone(false);
        save.reset();
      },
    });
  // The page (and every remote) switches language as soon as the choice is saved.
  const submit = form.handleSubmit((values) =>
    save.mutate(values, { onSuccess: (answer) => void setLocale(answer.language).then(() => setDone(true)) }),
  );
  const groups = [
    {
      legend: t('preferences.language'),
      hint: t('preferences.languageHint'),
      type: 'radio' as const,
      choices: LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value], register: field('language') })),
    },
    {
      legend: t('preferences.unit'),
      hint: t('preferences.unitHint'),
      type: 'radio' as const,
      choices: AREA_UNITS.map((value) => ({ value, label: t(`preferences.unit.${value}`), register: field('areaUnit') })),
    },
    {
      legend: t('preferences.notifications'),
      hint: t('preferences.notificationsHint'),
      type: 'checkbox' as const,
      choices: (Object.keys(NOTIFICATION_KINDS) as Array<keyof typeof NOTIFICATION_KINDS>).map((kind) => ({
        label: t(`preferences.kind.${kind}`),
        register: field(`notifications.${kind}`),
      })),
    },
    {
      legend: t('preferences.channels'),
      hint: t('preferences.channelsHint'),
      type: 'checkbox' as const,
      choices: (Object.keys(NOTICE_CHANNELS) as Array<keyof typeof NOTICE_CHANNELS>).map((channel) => ({
        label: t(`preferences.channel.${channel}`),
        register: field(`channels.${channel}`),
      })),
    },
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <FormError message={msg(save.error?.message)} />
      {groups.map((group) => (
        <Card key={group.legend}>
          <ChoiceGroup {...group} />
        </Card>
      ))}
      <PhoneNotifications />
      <SavedNotice message={done ? t('preferences.saved') : null} />
      <Button type="submit" className="w-full sm:w-auto" loading={save.isPending} loadingText={t('common.saving')}>
        {t('preferences.save')}
      </Button>
    </form>
  );
}
