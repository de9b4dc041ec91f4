import type { FarmPerson, FarmUser } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { Badge, Dialog, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../../components/compact-row';
import { ListTable } from '../../../components/list-table';
import { nameOrUnknown } from '../../../lib/format';
import { useRowDialogs } from '../../../lib/use-list-page';
import type { FarmUsersQuery } from '../api/get-farm-users';
import { usePeople } from '../api/get-people';
import { Memberships } from './memberships';
import { PhoneLink, UserContact } from './user-contact';
import { RemoveMemberConfirm } from './remove-member-confirm';
import { useT, valueLabel, type WorkT } from '../../../lib/i18n-work';
import { useT as useUserT } from '../../../lib/i18n-users';
import { UserFormDialog } from '../../../components/dialogs';

type UserT = ReturnType<typeof useUserT>;

const invited = (p: FarmPerson) => p.memberships.every((m) => m.status === 'invited');
const farmAndRole = (t: WorkT, m: FarmUser) => `${nameOrUnknown(m.farmName)} (${valueLabel(t, 'role', m.role)})`;

/** A phone row's two facts: the first farm and role, then the second or how many more. */
function farmFacts(t: WorkT, userT: UserT, p: FarmPerson): string[] {
  const [first, second, ...rest] = p.memberships;
  if (!first) return [];
  if (!second) return [farmAndRole(t, first)];
  return [farmAndRole(t, first), rest.length === 0 ? farmAndRole(t, second) : userT('users.moreFarms', { count: rest.length + 1 })];
}

/**
 * The Users page's list: each person once with their farms and a role on each (a table from `sm`
 * up, compact rows on phones whose tap opens the person). Edit and Remove act on one membership.
 */
export function PeopleTable({ query, page, onPage }: { query: FarmUsersQuery; page: number; onPage: (p: number) => void }) {
  const people = usePeople({ ...query, page });
  const me = useSession((s) => s.userId);
  const t = useT();
  const userT = useUserT();
  const [openId, setOpenId] = useState<string | null>(null);
  const { edited, setEditing, closeEditor, removing, setRemoving } = useRowDialogs<FarmUser>();
  // The person shown follows the list's refreshes (a role changed, a farm removed).
  const open = people.data?.items.find((p) => p.id === openId) ?? null;
  const act = (then: (m: FarmUser) => void) => (m: FarmUser) => {
    setOpenId(null);
    then(m);
  };
  const memberships = (p: FarmPerson) => <Memberships person={p} me={me} onEdit={act(setEditing)} onRemove={act(setRemoving)} />;

  const columns: DataTableColumn<FarmPerson>[] = [
    {
      key: 'user',
      header: t('common.user'),
      render: (p) => <UserContact name={p.name} email={p.email} phone={p.phone} invited={invited(p)} />,
    },
    { key: 'farms', header: userT('users.farmsAndRoles'), render: memberships },
  ];

  return (
    <>
      <ListTable
        {...{ caption: userT('users.caption'), columns, result: people, page, onPage, empty: userT('users.empty'), className: '' }}
        onRowClick={(p) => setOpenId(p.id)}
        card={(p) => (
          <CompactRow
            title={p.name}
            facts={farmFacts(t, userT, p)}
            status={invited(p) && <Badge tone="warning">{userT('users.invited')}</Badge>}
            actions={p.phone && <PhoneLink name={p.name} phone={p.phone} />}
          />
        )}
      />
      {open && (
        <Dialog open onClose={() => setOpenId(null)} title={open.name}>
          <div className="flex flex-col gap-4">
            <UserContact name={open.name} email={open.email} phone={open.phone} invited={invited(open)} />
            {memberships(open)}
          </div>
        </Dialog>
      )}
      {edited && <UserFormDialog user={edited} onClose={closeEditor} />}
      <RemoveMemberConfirm member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
