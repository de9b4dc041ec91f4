import type { Farm } from '@shambasoko/shared';
import { farmDetailsBody, type CreateFarmInput } from '@shambasoko/shared/contracts';
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

const ICONS = ['🌾', '🌽', '🍅', '🥬', '☕', '🍵', '🥑', '🍌', '🐄', '🚜'];

type Values = { name: string; county: string; location: string; owner: string; totalSize: string; description: string; icon: string };

/** Farm Settings: the farm's details with a working Save Changes, and deleting the farm after a confirmation. */
export function FarmSettingsTab({ farm }: { farm: Farm }) {
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
    labels: { name: 'Farm name', county: 'County', location: 'Place', owner: 'Owner', totalSize: 'Total size', description: 'Description' },
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
      <Card title="Farm Settings">
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
            <TextField label="Farm Name" required {...form.field('name')} readOnly={readOnly} />
            <TextField label="Owner" required {...form.field('owner')} readOnly={readOnly} />
            <TextField
              label={`Total Size (${unit})`}
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
          <TextAreaField label="Description" {...form.field('description')} readOnly={readOnly} />
          <fieldset disabled={readOnly}>
            <legend className="text-sm font-medium text-stone-800">Farm Icon</legend>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <span aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-50 text-2xl">
                {icon || '🌱'}
              </span>
              {ICONS.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  aria-label={`Use ${choice} as the farm icon`}
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
            <Button type="submit" loading={update.isPending} loadingText="Saving..." {...gate(farm.myRole, 'editFarm')}>
              Save Changes
            </Button>
            {saved && (
              <p role="status" className="text-sm text-brand-700">
                Changes saved.
              </p>
            )}
          </div>
        </form>
      </Card>
      <Card title="Delete Farm">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-stone-600">
            Deleting a farm removes its fields, seasons, crops, activities, users and costs. This cannot be undone.
          </p>
          <Button variant="danger" onClick={() => setConfirming(true)} {...gate(farm.myRole, 'deleteFarm')}>
            Delete Farm
          </Button>
        </div>
      </Card>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete Farm"
        message={`Are you sure you want to delete ${farm.name}? Its fields, seasons, crops, activities, users and costs are deleted with it.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => remove.mutateAsync(farm.id).then(() => navigate('/farms', { replace: true }))}
      />
    </div>
  );
}
