import type { Activity } from '@shambasoko/contracts';
import { ConfirmDialog } from '@shambasoko/shared/ui';
import { nameOrUnknown } from '../../../lib/format';
import { useT, valueLabel } from '../../../lib/i18n-work';
import { useT as useFormT } from '../../../lib/i18n-work-forms';
import { useDeleteActivity } from '../api/delete-activity';

/** The spec's 'Delete Activity' confirmation; deleting really deletes (the reference only hid the row). */
export function DeleteActivityDialog({
  activity,
  onClose,
  onDeleted,
}: {
  activity: Activity;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const remove = useDeleteActivity();
  const t = useT();
  const formT = useFormT();
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={formT('activities.delete.title')}
      message={formT('activities.delete.message', { name: valueLabel(t, 'type', activity.name), farm: nameOrUnknown(activity.farmName) })}
      confirmLabel={t('common.delete')}
      busyLabel={t('common.deleting')}
      danger
      onConfirm={() => remove.mutateAsync(activity.id).then(() => onDeleted?.())}
    />
  );
}
