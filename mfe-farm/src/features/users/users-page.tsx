import { Button, Card } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Page } from '../../components/page';
import { SearchBox } from '../../components/search-box';
import { PAGE_SIZE } from '../../lib/constants';
import { can } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { CascadingSelects } from '../../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../../lib/filters/filter-state';
import { UserFormDialog } from './components/user-form-dialog';
import { UsersTable } from './components/users-table';

/** /users: cascading All Farms → All Fields → All Seasons → All Crops, search over name, e-mail and phone. */
export default function UsersPage() {
  const filter = useFilterState();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { roles } = useFarmRoles();
  const q = useDebounced(search.trim());
  const v = filter.value;
  const canAdd = roles.some((r) => can(r, 'manageUsers'));

  return (
    <Page
      title="Farm Users"
      subtitle="Who works on your farms, and what they may do."
      actions={<Button onClick={() => setAdding(true)} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can add users.'}>Add User</Button>}
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects levels={['farm', 'field', 'season', 'crop']} value={v} onChange={(next) => { filter.setValue(next); setPage(1); }} columnsClassName="sm:grid-cols-2 lg:grid-cols-5">
            <SearchBox label="Search Users" value={search} onChange={(s) => { setSearch(s); setPage(1); }} className="self-end" />
          </CascadingSelects>
        </div>
        <div className="p-3 sm:p-0">
          <UsersTable
            query={{ farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId), search: q || undefined, pageSize: PAGE_SIZE, sort: 'name' }}
            page={page}
            onPage={setPage}
          />
        </div>
      </Card>
      {adding && <UserFormDialog onClose={() => setAdding(false)} />}
    </Page>
  );
}
