import { createActivityBody, type CreateActivityInput } from '@shambasoko/shared/contracts';
import { SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, options } from '../../../lib/constants';
import { maybePicked, picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useCreateActivity } from '../api/create-activity';

type Values = {
  farmId: string;
  fieldId: string;
  seasonId: string;
  cropId: string;
  userId: string;
  name: string;
  dueDate: string;
  notes: string;
  status: string;
};

const schema = createActivityBody.extend({
  farmId: picked(),
  fieldId: picked(),
  seasonId: maybePicked(),
  cropId: maybePicked(),
  userId: maybePicked(),
});

/** Log Activity: where (farm and field required, season and crop optional), what (one of the activity types), who and when. */
export function LogActivityDialog({ onClose, farmId, fieldId }: { onClose: () => void; farmId?: string; fieldId?: string }) {
  const form = useContractForm<Values, CreateActivityInput>({
    schema,
    labels: { name: 'Activity type', dueDate: 'Due date', notes: 'Notes' },
    defaultValues: {
      farmId: farmId ?? '',
      fieldId: fieldId ?? '',
      seasonId: '',
      cropId: '',
      userId: '',
      name: '',
      dueDate: '',
      notes: '',
      status: 'Pending',
    },
  });
  const create = useCreateActivity();
  const submit = form.handleSubmit((input) => create.mutate(input, { onSuccess: onClose }));

  return (
    <FormDialog open onClose={onClose} title="Log Activity" submitLabel="Log Activity" mutation={create} onSubmit={submit} size="lg">
      <FormSelects
        idPrefix="activity-form"
        levels={['farm', 'field', 'season', 'crop', 'user']}
        required={['farm', 'field']}
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
