import type { Season } from '@shambasoko/shared';
import { SelectField, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { actionsColumn, FilterBar, ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown } from '../../lib/format';
import { can, gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteSeason } from './api/delete-season';
import { useSeasons } from './api/get-seasons';
import { SeasonFormDialog } from './components/season-form-dialog';

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'completed', label: 'Completed' },
  { value: 'upcoming', label: 'Upcoming' },
];

/** /seasons: filters farm, field (of that farm), status and search; add, edit and delete. */
export default function SeasonsPage() {
  const list = useListPage<Season>();
  const [status, setStatus] = useState('');
  const remove = useDeleteSeason();
  const { roleOf } = useFarmRoles();
  const { farmId, fieldId } = list.params;
  const seasons = useSeasons({
    farmId,
    fieldId,
    status: status || undefined,
    search: list.query,
    page: list.page,
    pageSize: PAGE_SIZE,
    sort: '-startDate',
  });

  const columns: DataTableColumn<Season>[] = [
    { key: 'name', header: 'Season Name', render: (s) => <span className="font-medium text-stone-900">{s.name}</span> },
    { key: 'crop', header: 'Crop Type', render: (s) => s.cropType },
    { key: 'farm', header: 'Farm', render: (s) => nameOrUnknown(s.farmName) },
    { key: 'field', header: 'Field', render: (s) => (s.fieldId ? nameOrUnknown(s.fieldName) : 'All Fields') },
    { key: 'start', header: 'Start Date', render: (s) => formatDate(s.startDate) },
    { key: 'end', header: 'End Date', render: (s) => formatDate(s.endDate) },
    { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
    actionsColumn((s) => (
      <ItemActions
        name={s.name}
        onEdit={() => list.setEditing(s)}
        onDelete={() => list.setRemoving(s)}
        allowed={gate(roleOf(s.farmId), 'manageSeasons')}
      />
    )),
  ];

  return (
    <ListPage
      title="Seasons"
      subtitle="Growing seasons across your farms."
      list={list}
      add={{ label: 'Plan Season', action: 'manageSeasons', reason: 'You have no farm where your role can plan seasons.' }}
      filters={
        <FilterBar list={list} levels={['farm', 'field']} columnsClassName="sm:grid-cols-2 lg:grid-cols-4" searchLabel="Search Seasons">
          <SelectField label="Status" value={status} onChange={(e) => list.refine(setStatus)(e.target.value)} options={STATUS_OPTIONS} />
        </FilterBar>
      }
      table={{
        caption: 'Seasons',
        columns,
        result: seasons,
        empty: 'No seasons found.',
        onRowClick: (s) => can(roleOf(s.farmId), 'manageSeasons') && list.setEditing(s),
        card: (s) => (
          <CompactRow
            title={s.name}
            facts={[s.cropType, `${formatDate(s.startDate)} – ${formatDate(s.endDate)}`]}
            status={<StatusBadge status={s.status} />}
            end={<ItemActions name={s.name} onDelete={() => list.setRemoving(s)} allowed={gate(roleOf(s.farmId), 'manageSeasons')} />}
          />
        ),
      }}
      editor={(season, close) => <SeasonFormDialog open season={season} onClose={close} />}
      remove={{
        title: 'Delete Season',
        message: (s) => `Are you sure you want to delete the season ${s.name} at ${nameOrUnknown(s.farmName)}?`,
        mutation: remove,
      }}
    />
  );
}
