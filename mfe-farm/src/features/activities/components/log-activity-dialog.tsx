import { createActivityBody, type CreateActivityInput } from '@shambasoko/contracts';
import { SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, options } from '../../../lib/constants';
import { maybePicked, picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useActivityT } from '../../../lib/i18n-activities';
import { useT as useFormT } from '../../../lib/i18n-work-forms';
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
  const t = useT();
  const activityT = useActivityT();
  const formT = useFormT();
  const form = useContractForm<Values, CreateActivityInput>({
    schema,
    labels: { name: formT('common.activityType'), dueDate: t('common.dueDate'), notes: formT('common.notes') },
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
  const label = activityT('activities.add');

  return (
    <FormDialog open onClose={onClose} title={label} submitLabel={label} mutation={create} onSubmit={submit} size="lg">
      <FormSelects
        idPrefix="activity-form"
        levels={['farm', 'field', 'season', 'crop', 'user']}
        required={['farm', 'field']}
        locked={farmId ? ['farm'] : []}
        labels={{ season: formT('common.seasonOptional'), crop: formT('common.cropOptional'), user: formT('activities.form.assignTo') }}
        action="manageActivities"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <SelectField
        label={formT('common.activityTypeLabel')}
        required
        placeholder={formT('activities.form.typePlaceholder')}
        {...form.field('name')}
        options={options(ACTIVITY_TYPES, (v) => valueLabel(t, 'type', v))}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={formT('activities.form.dueDate')} type="date" {...form.field('dueDate')} />
        <SelectField
          label={t('common.status')}
          {...form.field('status')}
          options={options(ACTIVITY_STATUSES, (v) => valueLabel(t, 'status', v))}
        />
      </div>
      <TextAreaField label={formT('common.notes')} {...form.field('notes')} />
    </FormDialog>
  );
}
