import { useState } from 'react';
import { usePreferences, PageSpinner } from '@shambasoko/shared';
import {
  AREA_UNITS,
  LANGUAGE_LABELS,
  LANGUAGES,
  NOTIFICATION_KINDS,
  preferencesSchema,
  type Preferences,
} from '@shambasoko/shared/contracts';
import { Button, Card, ErrorState, FormError, PageHeader } from '@shambasoko/shared/ui';
import { useSchemaForm } from '../../components/use-schema-form';
import { useSavePreferences } from './api/save-preferences';
import { ChoiceGroup } from './components/choice-group';

const UNIT_LABELS: Record<Preferences['areaUnit'], string> = { acres: 'Acres', hectares: 'Hectares' };

/** /preferences: language, the area unit every farm screen uses, and which in-app notifications to get. */
export default function PreferencesPage() {
  const preferences = usePreferences();
  return (
    <main className="mx-auto max-w-3xl p-4 sm:p-6">
      <PageHeader title="Preferences" subtitle="How ShambaSoko speaks to you, measures your land and tells you what happened." />
      {preferences.isPending ? (
        <PageSpinner />
      ) : preferences.isError ? (
        <ErrorState
          title="We could not load your preferences"
          message={preferences.error.message}
          onRetry={() => void preferences.refetch()}
        />
      ) : (
        <PreferencesForm saved={preferences.data} />
      )}
    </main>
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

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <FormError message={save.error?.message} />
      <Card>
        <ChoiceGroup
          legend="Language"
          hint="Kiswahili is coming: your choice is kept for when it arrives."
          type="radio"
          choices={LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value], register: field('language') }))}
        />
      </Card>
      <Card>
        <ChoiceGroup
          legend="Area unit"
          hint="Farm, field and crop sizes are shown and entered in this unit. 1 hectare = 2.47 acres."
          type="radio"
          choices={AREA_UNITS.map((value) => ({ value, label: UNIT_LABELS[value], register: field('areaUnit') }))}
        />
      </Card>
      <Card>
        <ChoiceGroup
          legend="In-app notifications"
          hint="Turn a kind off and it no longer appears under the bell. Farm invitations always do."
          type="checkbox"
          choices={(Object.keys(NOTIFICATION_KINDS) as Array<keyof typeof NOTIFICATION_KINDS>).map((kind) => ({
            label: NOTIFICATION_KINDS[kind],
            register: field(`notifications.${kind}`),
          }))}
        />
      </Card>
      {done ? (
        <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
          Your preferences have been saved.
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText="Saving...">
          Save Preferences
        </Button>
      </div>
    </form>
  );
}
