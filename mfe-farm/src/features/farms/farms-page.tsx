import type { Farm, FarmStatus } from '@shambasoko/shared';
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
import { useListPage } from '../../lib/use-list-page';
import { useFarms } from './api/get-farms';
import { AddFarmDialog } from './components/add-farm-dialog';
import { placeAndCounty } from '@shambasoko/shared/contracts';

const columns: DataTableColumn<Farm>[] = [
  {
    key: 'name',
    header: 'Farm Name',
    render: (f) => (
      <span className="flex items-center gap-2 font-medium text-stone-900">
        {f.icon && <span aria-hidden="true">{f.icon}</span>}
        {f.name}
      </span>
    ),
  },
  { key: 'location', header: 'Location', render: (f) => placeAndCounty(f.location, f.county) },
  { key: 'size', header: 'Total Size', render: (f) => <Area hectares={f.totalSize} />, className: 'tabular-nums' },
  {
    key: 'fields',
    header: 'Fields',
    render: (f) => (
      <Link to={`/farms/${f.id}`} className="font-medium text-brand-700 hover:underline">
        {f.fieldsCount} {f.fieldsCount === 1 ? 'field' : 'fields'}
      </Link>
    ),
  },
  { key: 'owner', header: 'Owner', render: (f) => f.owner },
  { key: 'established', header: 'Established', render: (f) => f.established || '—' },
  { key: 'role', header: 'Your Role', render: (f) => f.myRole },
  { key: 'status', header: 'Status', render: (f) => <StatusBadge status={f.status} /> },
];

const STATUS_OPTIONS = [
  { value: '', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** /farms: the caller's farms with search (name, location, owner), a status filter and Add New Farm. */
export default function FarmsPage() {
  const navigate = useNavigate();
  const list = useListPage<Farm>();
  const [status, setStatus] = useState<'' | FarmStatus>('');
  const [showFilter, setShowFilter] = useState(false);
  const farms = useFarms({ search: list.query, status: status || undefined, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });
  const filtered = Boolean(list.query || status);
  const add = () => list.setEditing('new');

  return (
    <ListPage
      title="Farms"
      subtitle="Every farm you own or work on."
      list={list}
      filters={
        <>
          <div className="flex flex-col gap-3 border-b border-stone-200 p-4 sm:flex-row sm:items-end">
            <SearchBox label="Search Farms" value={list.search} onChange={list.setSearch} className="flex-1" />
            <Button variant="secondary" aria-expanded={showFilter} aria-controls="farm-filter" onClick={() => setShowFilter((s) => !s)}>
              <FilterIcon /> Filter{status ? ' (1)' : ''}
            </Button>
          </div>
          {showFilter && (
            <div id="farm-filter" className="grid gap-3 border-b border-stone-200 p-4 sm:grid-cols-3">
              <SelectField
                label="Status"
                value={status}
                onChange={(e) => list.refine(setStatus)(e.target.value as '' | FarmStatus)}
                options={STATUS_OPTIONS}
              />
            </div>
          )}
        </>
      }
      table={{
        caption: 'Farms',
        columns,
        result: farms,
        onRowClick: (f) => navigate(`/farms/${f.id}`),
        card: (f) => (
          <CompactRow
            title={f.name}
            facts={[
              placeAndCounty(f.location, f.county),
              <Area key="size" hectares={f.totalSize} />,
              `${f.fieldsCount} ${f.fieldsCount === 1 ? 'field' : 'fields'}`,
            ]}
            status={<StatusBadge status={f.status} />}
          />
        ),
        empty: filtered ? (
          <EmptyState title="No farms found." message="Try another search or filter." />
        ) : (
          <EmptyState
            title="No farms yet."
            message="Add your first farm to start planning fields, seasons and budgets."
            action={<Button onClick={add}>Add Farm</Button>}
          />
        ),
      }}
      editor={(_, close) => <AddFarmDialog open onClose={close} />}
      dialogs={<AddFab label="Add New Farm" onClick={add} />}
    />
  );
}
