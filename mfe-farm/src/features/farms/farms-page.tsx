import type { Farm, FarmStatus } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { Button, EmptyState, SelectField, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AddFab } from '../../components/add-fab';
import { CompactRow } from '../../components/compact-row';
import { FilterIcon } from '../../components/icons';
import { ListPage } from '../../components/list-page';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { Area } from '../../lib/area';
import { roleLabel, statusLabel, useT } from '../../lib/i18n';
import { useT as useFarmsT } from '../../lib/i18n-farms';
import { useListPage } from '../../lib/use-list-page';
import { useFarms } from './api/get-farms';
import { placeAndCounty } from '@shambasoko/contracts/place';
import { AddFarmDialog } from '../../components/dialogs';

type T = ReturnType<typeof useT>;
type FarmsT = ReturnType<typeof useFarmsT>;

const columnsOf = (t: T, tFarms: FarmsT): DataTableColumn<Farm>[] => [
  {
    key: 'name',
    header: tFarms('farms.name'),
    render: (f) => (
      <span className="flex items-center gap-2 font-medium text-stone-900">
        {f.icon && <span aria-hidden="true">{f.icon}</span>}
        {f.name}
      </span>
    ),
  },
  { key: 'location', header: t('common.location'), render: (f) => placeAndCounty(f.location, f.county) },
  { key: 'size', header: tFarms('farms.totalSize'), render: (f) => <Area hectares={f.totalSize} />, className: 'tabular-nums' },
  {
    key: 'fields',
    header: t('common.fields'),
    render: (f) => (
      <Link to={`/farms/${f.id}`} className="font-medium text-brand-700 hover:underline">
        {t('farms.fieldsCount', { count: f.fieldsCount })}
      </Link>
    ),
  },
  { key: 'owner', header: t('common.owner'), render: (f) => f.owner },
  { key: 'established', header: tFarms('farms.established'), render: (f) => f.established || '—' },
  { key: 'role', header: tFarms('farms.yourRole'), render: (f) => roleLabel(f.myRole) },
  { key: 'status', header: t('common.status'), render: (f) => <StatusBadge status={f.status} /> },
];

const statusOptions = (t: T) => [
  { value: '', label: t('common.allStatuses') },
  { value: 'active', label: statusLabel('active') },
  { value: 'inactive', label: statusLabel('inactive') },
];

/** /farms: the caller's farms with search (name, location, owner), a status filter and Add New Farm. */
export default function FarmsPage() {
  const t = useT();
  const tFarms = useFarmsT();
  const navigate = useNavigate();
  const list = useListPage<Farm>();
  const [status, setStatus] = useState<'' | FarmStatus>('');
  const [showFilter, setShowFilter] = useState(false);
  const farms = useFarms({ search: list.query, status: status || undefined, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });
  const filtered = Boolean(list.query || status);
  const add = () => list.setEditing('new');
  // Only a Farmer may add a farm (the API says so too): an Admin looking over farms is offered none.
  const canAdd = useSession((s) => s.role) === 'Farmer';

  return (
    <ListPage
      title={t('routes.farms')}
      subtitle={tFarms('farms.subtitle')}
      list={list}
      filters={
        <>
          <div className="flex flex-col gap-3 border-b border-stone-200 p-4 sm:flex-row sm:items-end">
            <SearchBox label={tFarms('farms.search')} value={list.search} onChange={list.setSearch} className="flex-1" />
            <Button variant="secondary" aria-expanded={showFilter} aria-controls="farm-filter" onClick={() => setShowFilter((s) => !s)}>
              <FilterIcon /> {status ? tFarms('farms.filterCount', { count: 1 }) : tFarms('farms.filter')}
            </Button>
          </div>
          {showFilter && (
            <div id="farm-filter" className="grid gap-3 border-b border-stone-200 p-4 sm:grid-cols-3">
              <SelectField
                label={t('common.status')}
                value={status}
                onChange={(e) => list.refine(setStatus)(e.target.value as '' | FarmStatus)}
                options={statusOptions(t)}
              />
            </div>
          )}
        </>
      }
      table={{
        caption: t('routes.farms'),
        columns: columnsOf(t, tFarms),
        result: farms,
        onRowClick: (f) => navigate(`/farms/${f.id}`),
        card: (f) => (
          <CompactRow
            title={f.name}
            facts={[
              placeAndCounty(f.location, f.county),
              <Area key="size" hectares={f.totalSize} />,
              t('farms.fieldsCount', { count: f.fieldsCount }),
            ]}
            status={<StatusBadge status={f.status} />}
          />
        ),
        empty: filtered ? (
          <EmptyState title={tFarms('farms.noneFound')} message={tFarms('farms.tryAnother')} />
        ) : (
          <EmptyState
            title={tFarms('farms.noneYet')}
            message={canAdd ? tFarms('farms.addFirst') : undefined}
            action={canAdd ? <Button onClick={add}>{tFarms('farms.add')}</Button> : undefined}
          />
        ),
      }}
      editor={(_, close) => <AddFarmDialog open onClose={close} />}
      dialogs={canAdd ? <AddFab label={tFarms('farms.addNew')} onClick={add} /> : null}
    />
  );
}
