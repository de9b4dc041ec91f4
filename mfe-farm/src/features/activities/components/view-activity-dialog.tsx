import type { Activity, ActivityStatus, FarmRole } from '@shambasoko/shared';
import { Button, SelectField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { DetailList } from '../../../components/detail-list';
import { FormDialog } from '../../../components/form-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { ACTIVITY_STATUSES, options } from '../../../lib/constants';
import { formatDate, nameOrUnknown, orDash } from '../../../lib/format';
import { denyReason, gate } from '../../../lib/permissions';
import { useUpdateActivity } from '../api/update-activity';

export type ViewActivityDialogProps = {
  activity: Activity;
  role: FarmRole | undefined;
  onClose: () => void;
  /** Opens the Delete Activity confirmation (this dialog closes first). */
  onDelete: () => void;
};

/** 'View Activity': its details and a status picker (Pending, In Progress, Completed) that saves. */
export function ViewActivityDialog({ activity, role, onClose, onDelete }: ViewActivityDialogProps) {
  const [status, setStatus] = useState<ActivityStatus>(activity.status);
  const update = useUpdateActivity();
  const statusReason = denyReason(role, 'updateActivityStatus');
  const deleteGate = gate(role, 'manageActivities');

  const rows: Array<[string, string]> = [
    ['Activity', activity.name],
    ['Farm', nameOrUnknown(activity.farmName)],
    ['Field', nameOrUnknown(activity.fieldName)],
    ['Season', orDash(activity.seasonName)],
    ['Crop', orDash(activity.cropName)],
    ['Assigned to', orDash(activity.userName)],
    ['Due date', formatDate(activity.dueDate)],
  ];

  return (
    <FormDialog
      open
      onClose={onClose}
      title="View Activity"
      submitLabel="Save"
      mutation={update}
      submitDisabled={Boolean(statusReason) || status === activity.status}
      submitTitle={statusReason}
      onSubmit={() => update.mutate({ id: activity.id, input: { status } }, { onSuccess: onClose })}
      extraActions={
        <Button variant="danger" onClick={onDelete} {...deleteGate} className="sm:mr-auto">
          Delete
        </Button>
      }
    >
      <DetailList rows={rows}>
        <dt className="text-stone-500">Current status</dt>
        <dd>
          <StatusBadge status={activity.status} />
        </dd>
      </DetailList>
      {activity.notes && <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{activity.notes}</p>}
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as ActivityStatus)}
        options={options(ACTIVITY_STATUSES)}
        disabled={Boolean(statusReason)}
        hint={statusReason}
      />
    </FormDialog>
  );
}
