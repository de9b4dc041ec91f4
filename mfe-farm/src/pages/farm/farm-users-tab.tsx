import type { Farm } from '@shambasoko/contracts';
import { useState } from 'react';
import { UserFormDialog } from '../../components/dialogs';
import { UsersTable } from '../../features/users/components/users-table';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { FarmTabCard } from './farm-tab-card';

/** The farm's people and their roles; Add User for those who may manage them. */
export function FarmUsersTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState(1);
  return (
    <FarmTabCard farm={farm} title={tPage('farm.users.title')} add={t('common.addUser')} action="manageUsers" onAdd={() => setAdding(true)}>
      <div className="p-3 sm:p-0">
        <UsersTable query={{ farmId: farm.id }} page={page} onPage={setPage} caption={tPage('farm.users.caption', { farm: farm.name })} />
      </div>
      {adding && <UserFormDialog farmId={farm.id} onClose={() => setAdding(false)} />}
    </FarmTabCard>
  );
}
