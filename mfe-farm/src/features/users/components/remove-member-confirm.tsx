import type { FarmUser } from '@shambasoko/shared';
import { ConfirmDelete } from '../../../components/list-page';
import { nameOrUnknown } from '../../../lib/format';
import { useDeleteFarmUser } from '../api/delete-farm-user';

/** The confirmation before a membership is removed; the dialog shows the server's refusal. */
export function RemoveMemberConfirm({ member, onClose }: { member: FarmUser | null; onClose: () => void }) {
  const remove = useDeleteFarmUser();
  return (
    <ConfirmDelete
      item={member}
      onClose={onClose}
      title="Remove User"
      message={(u) => `Remove ${u.name} from ${nameOrUnknown(u.farmName)}? They lose access to this farm.`}
      confirmLabel="Remove"
      busyLabel="Removing..."
      mutation={remove}
    />
  );
}
