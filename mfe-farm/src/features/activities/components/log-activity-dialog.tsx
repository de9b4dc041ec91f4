import type { ActivityStatus, ActivityType } from '@shambasoko/shared';
import { SelectField, TextAreaField, TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, options } from '../../../lib/constants';
import { errorMessage } from '../../../lib/format';
import { useFarmRoles } from '../../../lib/use-farm-roles';
import { hasErrors, type FieldErrors } from '../../../lib/validate';
import { CascadingSelects } from '../../../lib/filters/cascading-selects';
import { NO_CHOICE, type FilterValue } from '../../../lib/filters/filter-state';
import { useCreateActivity } from '../api/create-activity';

type Key = 'farm' | 'field' | 'name';

/** Log Activity: where (farm and field required, season and crop optional), what (a spec §9 type), who and when. */
export function LogActivityDialog({ onClose, farmId, fieldId }: { onClose: () => void; farmId?: string; fieldId?: string }) {
  const [where, setWhere] = useState<FilterValue>({ ...NO_CHOICE, farmId: farmId ?? '', fieldId: fieldId ?? '' });
  const [name, setName] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [notes, setNotes] = useState('');
  const [status, setStatus] = useState<ActivityStatus>('Pending');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const create = useCreateActivity();
  const { cannot } = useFarmRoles();

  function submit() {
    const found: FieldErrors<Key> = {};
    if (!where.farmId) found.farm = 'Farm is required.';
    if (!where.fieldId) found.field = 'Field is required.';
    if (!name) found.name = 'Activity type is required.';
    setErrors(found);
    if (hasErrors(found)) return;
    create.mutate(
      {
        farmId: where.farmId,
        fieldId: where.fieldId,
        seasonId: where.seasonId || null,
        cropId: where.cropId || null,
        userId: where.userId || null,
        // The select offers only the contract's activity types.
        name: name as ActivityType,
        dueDate: dueDate || null,
        notes: notes.trim(),
        status,
      },
      { onSuccess: onClose },
    );
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Log Activity"
      submitLabel="Log Activity"
      busyLabel="Saving..."
      busy={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onSubmit={submit}
      size="lg"
    >
      <CascadingSelects
        idPrefix="activity-form"
        levels={['farm', 'field', 'season', 'crop', 'user']}
        mode="form"
        required={['farm', 'field']}
        value={where}
        onChange={(v) => { setWhere(v); setErrors((e) => ({ ...e, farm: undefined, field: undefined })); }}
        locked={farmId ? ['farm'] : []}
        errors={{ farm: errors.farm, field: errors.field }}
        labels={{ season: 'Season (optional)', crop: 'Crop (optional)', user: 'Assign to (optional)' }}
        farmDisabled={(id) => cannot(id, 'manageActivities')}
        columnsClassName="sm:grid-cols-2"
      />
      <SelectField
        label="Activity Type"
        required
        placeholder="Select activity type"
        value={name}
        onChange={(e) => { setName(e.target.value); setErrors((er) => ({ ...er, name: undefined })); }}
        options={options(ACTIVITY_TYPES)}
        error={errors.name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Due Date" type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
        <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as ActivityStatus)} options={options(ACTIVITY_STATUSES)} />
      </div>
      <TextAreaField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
    </FormDialog>
  );
}
