import type { Activity, ActivityStatus, FarmRole } from '@shambasoko/contracts';
import { Button, SelectField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { DetailList } from '../../../components/detail-list';
import { FormDialog } from '../../../components/form-dialog';
import { StatusBadge } from '../../../components/status-badge';
import { ACTIVITY_STATUSES, options } from '../../../lib/constants';
import { formatDate, nameOrUnknown, orDash } from '../../../lib/format';
import { denyReason, gate } from '../../../lib/permissions';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useFormT } from '../../../lib/i18n-work-forms';
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
  const t = useT();
  const formT = useFormT();
  const statusReason = denyReason(role, 'updateActivityStatus');
  const deleteGate = gate(role, 'manageActivities');

  const rows: Array<[string, string]> = [
    [t('common.activity'), valueLabel(t, 'type', activity.name)],
    [t('common.farm'), nameOrUnknown(activity.farmName)],
    [t('common.field'), nameOrUnknown(activity.fieldName)],
    [t('common.season'), orDash(activity.seasonName)],
    [t('common.crop'), orDash(activity.cropName)],
    [formT('activities.view.assignedTo'), orDash(activity.userName)],
    [t('common.dueDate'), formatDate(activity.dueDate)],
  ];

  return (
    <FormDialog
      open
      onClose={onClose}
      title={formT('activities.view.title')}
      submitLabel={formT('common.save')}
      mutation={update}
      submitDisabled={Boolean(statusReason) || status === activity.status}
      submitTitle={statusReason}
      onSubmit={() => update.mutate({ id: activity.id, input: { status } }, { onSuccess: onClose })}
      extraActions={
        <Button variant="danger" onClick={onDelete} {...deleteGate} className="sm:mr-auto">
          {t('common.delete')}
        </Button>
      }
    >
      <DetailList rows={rows}>
        <dt className="text-stone-500">{formT('activities.view.currentStatus')}</dt>
        <dd>
          <StatusBadge status={activity.status} />
        </dd>
      </DetailList>
      {activity.notes && <p className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">{activity.notes}</p>}
      <SelectField
        label={t('common.status')}
        value={status}
        onChange={(e) => setStatus(e.target.value as ActivityStatus)}
        options={options(ACTIVITY_STATUSES, (v) => valueLabel(t, 'status', v))}
        disabled={Boolean(statusReason)}
        hint={statusReason}
      />
    </FormDialog>
  );
}
