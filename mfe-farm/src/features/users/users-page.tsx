import type { FarmUser } from '@shambasoko/contracts';
import { FilterBar, ListPage } from '../../components/list-page';
import { PAGE_SIZE } from '../../lib/constants';
import { useListPage } from '../../lib/use-list-page';
import { PeopleTable } from './components/people-table';
import { useT } from '../../lib/i18n-users';
import { UserFormDialog } from '../../components/dialogs';

/** /users: cascading All Farms → All Fields → All Seasons → All Crops, search over name, e-mail and phone. */
export default function UsersPage() {
  const list = useListPage<FarmUser>();
  const t = useT();
  const { farmId, fieldId, seasonId, cropId } = list.params;

  return (
    <ListPage
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      list={list}
      add={{ label: t('users.add'), action: 'manageUsers', reason: t('users.addReason') }}
      filters={
        <FilterBar
          list={list}
          levels={['farm', 'field', 'season', 'crop']}
          columnsClassName="sm:grid-cols-2 lg:grid-cols-5"
          searchLabel={t('users.search')}
        />
      }
      exportCsv={{
        path: '/v1/farm-users/export.csv',
        params: { farmId, fieldId, seasonId, cropId, search: list.query, sort: 'name' },
        name: 'users',
      }}
      editor={(_, close) => <UserFormDialog onClose={close} />}
    >
      <div className="p-3 sm:p-0">
        <PeopleTable
          query={{ farmId, fieldId, seasonId, cropId, search: list.query, pageSize: PAGE_SIZE, sort: 'name' }}
          page={list.page}
          onPage={list.setPage}
        />
      </div>
    </ListPage>
  );
}
