import type { Season } from '@shambasoko/contracts';
import { SelectField, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { FilterBar, ListPage } from '../../components/list-page';
import { actionsColumn } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown } from '../../lib/format';
import { can, gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteSeason } from './api/delete-season';
import { useSeasons } from './api/get-seasons';
import { statusLabel, useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-seasons';
import { SeasonFormDialog } from '../../components/dialogs';

const statusOptions = (allStatuses: string) => [
  { value: '', label: allStatuses },
  ...['active', 'completed', 'upcoming'].map((value) => ({ value, label: statusLabel(value) })),
];

/** /seasons: filters farm, field (of that farm), status and search; add, edit and delete. */
export default function SeasonsPage() {
  const t = useT();
  const pageT = usePageT();
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
    { key: 'name', header: t('common.seasonName'), render: (s) => <span className="font-medium text-stone-900">{s.name}</span> },
    { key: 'crop', header: t('common.cropType'), render: (s) => s.cropType },
    { key: 'farm', header: t('common.farm'), render: (s) => nameOrUnknown(s.farmName) },
    { key: 'field', header: t('common.field'), render: (s) => (s.fieldId ? nameOrUnknown(s.fieldName) : pageT('seasons.allFields')) },
    { key: 'start', header: t('common.startDate'), render: (s) => formatDate(s.startDate) },
    { key: 'end', header: t('common.endDate'), render: (s) => formatDate(s.endDate) },
    { key: 'status', header: t('common.status'), render: (s) => <StatusBadge status={s.status} /> },
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
      title={t('routes.seasons')}
      subtitle={pageT('seasons.subtitle')}
      list={list}
      add={{ label: t('common.planSeason'), action: 'manageSeasons', reason: pageT('reason.planSeasons') }}
      filters={
        <FilterBar
          list={list}
          levels={['farm', 'field']}
          columnsClassName="sm:grid-cols-2 lg:grid-cols-4"
          searchLabel={pageT('seasons.search')}
        >
          <SelectField
            label={t('common.status')}
            value={status}
            onChange={(e) => list.refine(setStatus)(e.target.value)}
            options={statusOptions(t('common.allStatuses'))}
          />
        </FilterBar>
      }
      table={{
        caption: t('routes.seasons'),
        columns,
        result: seasons,
        empty: t('common.noSeasons'),
        onRowClick: (s) => can(roleOf(s.farmId), 'manageSeasons') && list.setEditing(s),
        card: (s) => (
          <CompactRow
            title={s.name}
            facts={[s.cropType, t('common.dateRange', { start: formatDate(s.startDate), end: formatDate(s.endDate) })]}
            status={<StatusBadge status={s.status} />}
            end={<ItemActions name={s.name} onDelete={() => list.setRemoving(s)} allowed={gate(roleOf(s.farmId), 'manageSeasons')} />}
          />
        ),
      }}
      editor={(season, close) => <SeasonFormDialog open season={season} onClose={close} />}
      remove={{
        title: t('common.deleteSeason'),
        message: (s) => pageT('seasons.deleteMessage', { name: s.name, farm: nameOrUnknown(s.farmName) }),
        mutation: remove,
      }}
    />
  );
}
