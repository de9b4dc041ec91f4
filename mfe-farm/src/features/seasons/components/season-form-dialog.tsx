import type { Season, SeasonStatus } from '@shambasoko/shared';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { SEASON_STATUSES, options } from '../../../lib/constants';
import { capitalise } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateSeason } from '../api/create-season';
import { useUpdateSeason } from '../api/update-season';

type Values = { name: string; cropType: string; startDate: string; endDate: string; status: SeasonStatus };
type Key = keyof Values | 'farm';

export type SeasonFormDialogProps = {
  open: boolean;
  onClose: () => void;
  farmId?: string;
  fieldId?: string;
  season?: Season;
};

/** Plan a Season / Edit Season: farm, name, crop type and dates required; a field is optional (farm-wide season). */
export function SeasonFormDialog({ open, onClose, farmId, fieldId, season }: SeasonFormDialogProps) {
  const [where, setWhere] = useState<FilterValue>({
    ...NO_CHOICE,
    farmId: season?.farmId ?? farmId ?? '',
    fieldId: season?.fieldId ?? fieldId ?? '',
  });
  const form = useForm<Values, Key>({
    defaultValues: {
      name: season?.name ?? '',
      cropType: season?.cropType ?? '',
      startDate: season?.startDate ?? '',
      endDate: season?.endDate ?? '',
      status: season?.status ?? 'upcoming',
    },
    required: { name: 'Season name', cropType: 'Crop type', startDate: 'Start date', endDate: 'End date' },
    validate: (v, found) => ({
      farm: where.farmId ? undefined : 'Farm is required.',
      endDate: !found.endDate && !found.startDate && v.endDate < v.startDate ? 'End date must be on or after the start date.' : found.endDate,
    }),
  });
  const create = useCreateSeason();
  const update = useUpdateSeason();
  const mutation = season ? update : create;

  const submit = form.handleSubmit((values) => {
    const body = {
      fieldId: where.fieldId || null,
      name: values.name.trim(),
      cropType: values.cropType.trim(),
      startDate: values.startDate,
      endDate: values.endDate,
      status: values.status,
    };
    const done = { onSuccess: () => { mutation.reset(); onClose(); } };
    if (season) update.mutate({ id: season.id, input: body }, done);
    else create.mutate({ farmId: where.farmId, ...body }, done);
  });

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={season ? 'Edit Season' : 'Plan a Season'}
      submitLabel={season ? 'Save Changes' : 'Plan Season'}
      mutation={mutation}
      onSubmit={submit}
    >
      <FormSelects
        idPrefix="season-form"
        levels={['farm', 'field']}
        value={where}
        onChange={setWhere}
        locked={season || farmId ? ['farm'] : []}
        labels={{ field: 'Field (optional)' }}
        action="manageSeasons"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <TextField label="Season Name" required {...form.field('name')} placeholder="e.g. Long Rains 2026" />
      <TextField label="Crop Type" required {...form.field('cropType')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Start Date" required type="date" {...form.field('startDate')} />
        <TextField label="End Date" required type="date" {...form.field('endDate')} />
      </div>
      <SelectField label="Status" {...form.field('status')} options={options(SEASON_STATUSES, capitalise)} />
    </FormDialog>
  );
}
