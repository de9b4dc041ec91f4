import type { Activity } from '@shambasoko/shared';
import { ConfirmDialog } from '@shambasoko/shared/ui';
import { nameOrUnknown } from '../../../lib/format';
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
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Delete Activity"
      message={`Are you sure you want to delete ${activity.name} activity at ${nameOrUnknown(activity.farmName)}?`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      danger
      onConfirm={() => remove.mutateAsync(activity.id).then(() => onDeleted?.())}
    />
  );
}
