import type { FarmUser } from '@shambasoko/contracts';
import { ConfirmDelete } from '../../../components/list-table';
import { nameOrUnknown } from '../../../lib/format';
import { useDeleteFarmUser } from '../api/delete-farm-user';
import { useT } from '../../../lib/i18n-users';

/** The confirmation before a membership is removed; the dialog shows the server's refusal. */
export function RemoveMemberConfirm({ member, onClose }: { member: FarmUser | null; onClose: () => void }) {
  const remove = useDeleteFarmUser();
  const t = useT();
  return (
    <ConfirmDelete
      item={member}
      onClose={onClose}
      title={t('users.removeTitle')}
      message={(u) => t('users.removeMessage', { name: u.name, farm: nameOrUnknown(u.farmName) })}
      confirmLabel={t('users.remove')}
      busyLabel={t('users.removing')}
      mutation={remove}
    />
  );
}
