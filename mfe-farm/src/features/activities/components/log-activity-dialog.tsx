import type { ActivityStatus, ActivityType } from '@shambasoko/shared';
import { SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, options } from '../../../lib/constants';
import { useForm } from '../../../lib/use-form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateActivity } from '../api/create-activity';

type Values = { name: string; dueDate: string; notes: string; status: ActivityStatus };
type Key = keyof Values | 'farm' | 'field';

/** Log Activity: where (farm and field required, season and crop optional), what (a spec §9 type), who and when. */
export function LogActivityDialog({ onClose, farmId, fieldId }: { onClose: () => void; farmId?: string; fieldId?: string }) {
  const [where, setWhere] = useState<FilterValue>({ ...NO_CHOICE, farmId: farmId ?? '', fieldId: fieldId ?? '' });
  const form = useForm<Values, Key>({
    defaultValues: { name: '', dueDate: '', notes: '', status: 'Pending' },
    required: { name: 'Activity type' },
    validate: () => ({
      farm: where.farmId ? undefined : 'Farm is required.',
      field: where.fieldId ? undefined : 'Field is required.',
    }),
  });
  const create = useCreateActivity();

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        farmId: where.farmId,
        fieldId: where.fieldId,
        seasonId: where.seasonId || null,
        cropId: where.cropId || null,
        userId: where.userId || null,
        // The select offers only the contract's activity types.
        name: values.name as ActivityType,
        dueDate: values.dueDate || null,
        notes: values.notes.trim(),
        status: values.status,
      },
      { onSuccess: onClose },
    ),
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Log Activity"
      submitLabel="Log Activity"
      mutation={create}
      onSubmit={submit}
      size="lg"
    >
      <FormSelects
        idPrefix="activity-form"
        levels={['farm', 'field', 'season', 'crop', 'user']}
        required={['farm', 'field']}
        value={where}
        onChange={setWhere}
        locked={farmId ? ['farm'] : []}
        labels={{ season: 'Season (optional)', crop: 'Crop (optional)', user: 'Assign to (optional)' }}
        action="manageActivities"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <SelectField
        label="Activity Type"
        required
        placeholder="Select activity type"
        {...form.field('name')}
        options={options(ACTIVITY_TYPES)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Due Date" type="date" {...form.field('dueDate')} />
        <SelectField label="Status" {...form.field('status')} options={options(ACTIVITY_STATUSES)} />
      </div>
      <TextAreaField label="Notes" {...form.field('notes')} />
    </FormDialog>
  );
}
