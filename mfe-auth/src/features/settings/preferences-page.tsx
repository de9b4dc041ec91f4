import { useState } from 'react';
import { usePreferences } from '@shambasoko/shared/preferences';
import {
  AREA_UNITS,
  LANGUAGE_LABELS,
  LANGUAGES,
  NOTIFICATION_KINDS,
  preferencesSchema,
  type Preferences,
} from '@shambasoko/shared/contracts';
import { Button, Card, FormError } from '@shambasoko/shared/ui';
import { useSchemaForm } from '../../components/use-schema-form';
import { useSavePreferences } from './api/save-preferences';
import { ChoiceGroup } from './components/choice-group';
import { SavedNotice } from '../../components/saved-notice';
import { SettingsPage } from '../../components/settings-page';

const UNIT_LABELS: Record<Preferences['areaUnit'], string> = { acres: 'Acres', hectares: 'Hectares' };

const PAGE = {
  title: 'Preferences',
  subtitle: 'How ShambaSoko speaks to you, measures your land and tells you what happened.',
  what: 'preferences',
};

/** /preferences: language, the area unit every farm screen uses, and which in-app notifications to get. */
export default function PreferencesPage() {
  return (
    <SettingsPage {...PAGE} query={usePreferences()}>
      {(saved) => <PreferencesForm saved={saved} />}
    </SettingsPage>
  );
}

function PreferencesForm({ saved }: { saved: Preferences }) {
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
  const submit = form.handleSubmit((values) => save.mutate(values, { onSuccess: () => setDone(true) }));
  const groups = [
    {
      legend: 'Language',
      hint: 'Kiswahili is coming: your choice is kept for when it arrives.',
      type: 'radio' as const,
      choices: LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value], register: field('language') })),
    },
    {
      legend: 'Area unit',
      hint: 'Farm, field and crop sizes are shown and entered in this unit. 1 hectare = 2.47 acres.',
      type: 'radio' as const,
      choices: AREA_UNITS.map((value) => ({ value, label: UNIT_LABELS[value], register: field('areaUnit') })),
    },
    {
      legend: 'In-app notifications',
      hint: 'Turn a kind off and it no longer appears under the bell. Farm invitations always do.',
      type: 'checkbox' as const,
      choices: (Object.keys(NOTIFICATION_KINDS) as Array<keyof typeof NOTIFICATION_KINDS>).map((kind) => ({
        label: NOTIFICATION_KINDS[kind],
        register: field(`notifications.${kind}`),
      })),
    },
  ];

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <FormError message={save.error?.message} />
      {groups.map((group) => (
        <Card key={group.legend}>
          <ChoiceGroup {...group} />
        </Card>
      ))}
      <SavedNotice message={done ? 'Your preferences have been saved.' : null} />
      <Button type="submit" className="w-full sm:w-auto" loading={save.isPending} loadingText="Saving...">
        Save Preferences
      </Button>
    </form>
  );
}
