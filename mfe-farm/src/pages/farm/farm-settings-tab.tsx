import type { Farm } from '@shambasoko/contracts';
import { farmDetailsBody, type CreateFarmInput } from '@shambasoko/contracts';
import { Button, Card, ConfirmDialog, FormError, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { cx } from '../../lib/cx';
import { enteredHectares, errorMessage, fromHectares } from '../../lib/format';
import { useAreaUnit } from '../../lib/area';
import { denyReason, gate } from '../../lib/permissions';
import { useContractForm } from '../../lib/form';
import { useDeleteFarm } from '../../features/farms/api/delete-farm';
import { useUpdateFarm } from '../../features/farms/api/update-farm';
import { CountyPlaceFields } from '../../features/farms/components/county-place-fields';
import { unitName, useT } from '../../lib/i18n';
import { useT as useFarmsT } from '../../lib/i18n-farms';
import { useT as usePageT } from '../../lib/i18n-farm-page';

const ICONS = ['🌾', '🌽', '🍅', '🥬', '☕', '🍵', '🥑', '🍌', '🐄', '🚜'];

type Values = { name: string; county: string; location: string; owner: string; totalSize: string; description: string; icon: string };

/** Farm Settings: the farm's details with a working Save Changes, and deleting the farm after a confirmation. */
export function FarmSettingsTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tFarms = useFarmsT();
  const tPage = usePageT();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateFarm();
  const unit = useAreaUnit();
  const remove = useDeleteFarm();
  const editReason = denyReason(farm.myRole, 'editFarm');
  const readOnly = Boolean(editReason);
  // Every detail the tab shows is sent, so the rules are the new farm's (a blank name is refused, not skipped).
  const form = useContractForm<Values, CreateFarmInput>({
    schema: farmDetailsBody,
    labels: {
      name: tFarms('farms.form.nameError'),
      county: tFarms('farms.form.county'),
      location: tFarms('farms.form.place'),
      owner: t('common.owner'),
      totalSize: tFarms('farms.form.totalSizeError'),
      description: t('common.description'),
    },
    numbers: ['totalSize'],
    defaultValues: {
      name: farm.name,
      county: farm.county ?? '',
      location: farm.location,
      owner: farm.owner,
      totalSize: String(fromHectares(farm.totalSize, unit)),
      description: farm.description,
      icon: farm.icon,
    },
  });
  const icon = form.watch('icon');
  // "Changes saved." until the next edit.
  const saved = update.isSuccess && !form.formState.isDirty;

  const save = form.handleSubmit(({ name, county, location = '', owner, totalSize, description = '', icon: chosen = '' }) =>
    update.mutate(
      {
        farmId: farm.id,
        input: { name, county, location, owner, totalSize: enteredHectares(totalSize, unit, farm.totalSize), description, icon: chosen },
      },
      { onSuccess: () => form.reset(form.getValues()) },
    ),
  );

  return (
    <div className="flex flex-col gap-6">
      <Card title={tPage('farm.tab.settings')}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!readOnly) void save();
          }}
          className="flex flex-col gap-4"
        >
          {readOnly && <p className="rounded-lg bg-stone-100 p-3 text-sm text-stone-700">{editReason}</p>}
          <FormError message={update.isError ? errorMessage(update.error) : null} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label={tFarms('farms.name')} required {...form.field('name')} readOnly={readOnly} />
            <TextField label={t('common.owner')} required {...form.field('owner')} readOnly={readOnly} />
            <TextField
              label={tFarms('farms.form.totalSize', { unit: unitName(unit) })}
              required
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              {...form.field('totalSize')}
              readOnly={readOnly}
            />
          </div>
          <CountyPlaceFields county={form.field('county')} place={form.field('location')} readOnly={readOnly} />
          <TextAreaField label={t('common.description')} {...form.field('description')} readOnly={readOnly} />
          <fieldset disabled={readOnly}>
            <legend className="text-sm font-medium text-stone-800">{tPage('farm.settings.icon')}</legend>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-50 text-2xl">
                {icon || '🌱'}
              </span>
              {ICONS.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  aria-label={tPage('farm.settings.useIcon', { icon: choice })}
                  aria-pressed={icon === choice}
                  onClick={() => form.setValue('icon', choice, { shouldDirty: true })}
                  className={cx(
                    'grid size-10 place-items-center rounded-lg border text-xl disabled:opacity-50',
                    icon === choice ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:bg-stone-50',
                  )}
                >
                  {choice}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={update.isPending} loadingText={t('common.saving')} {...gate(farm.myRole, 'editFarm')}>
              {t('common.saveChanges')}
            </Button>
            {saved && (
              <p role="status" className="text-sm text-brand-700">
                {tPage('farm.settings.saved')}
              </p>
            )}
          </div>
        </form>
      </Card>
      <Card title={tPage('farm.settings.delete')}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600">{tPage('farm.settings.deleteWarning')}</p>
          <Button variant="danger" onClick={() => setConfirming(true)} {...gate(farm.myRole, 'deleteFarm')}>
            {tPage('farm.settings.delete')}
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={tPage('farm.settings.delete')}
        message={tPage('farm.settings.deleteMessage', { name: farm.name })}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        danger
        onConfirm={() => remove.mutateAsync(farm.id).then(() => navigate('/farms', { replace: true }))}
      />
    </div>
  );
}
