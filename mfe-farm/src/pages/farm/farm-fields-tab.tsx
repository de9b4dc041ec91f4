import type { Farm, Field } from '@shambasoko/shared';
import { Card, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AddFab } from '../../components/add-fab';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { errorMessage, formatDate } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useFields } from '../../features/fields/api/get-fields';
import { FieldFormDialog } from '../../features/fields/components/field-form-dialog';

const columns: DataTableColumn<Field>[] = [
  { key: 'name', header: 'Field Name', render: (f) => <span className="font-medium text-stone-900">{f.name}</span> },
  { key: 'size', header: 'Size', render: (f) => `${f.size} ${f.unit}`, className: 'tabular-nums' },
  { key: 'crop', header: 'Crop Type', render: (f) => f.cropType },
  { key: 'planted', header: 'Planting Date', render: (f) => formatDate(f.plantingDate) },
  { key: 'status', header: 'Status', render: (f) => <StatusBadge status={f.status} /> },
];

/** Fields tab: search by name or crop type, row → field page, + opens Add New Field. */
export function FarmFieldsTab({ farm }: { farm: Farm }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const q = useDebounced(search.trim());
  const fields = useFields({ farmId: farm.id, search: q || undefined, page, pageSize: PAGE_SIZE, sort: 'name' });

  return (
    <Card flush>
      <div className="border-b border-stone-200 p-4">
        <SearchBox label="Search Fields" value={search} onChange={(v) => { setSearch(v); setPage(1); }} />
      </div>
      <DataTable
        caption={`Fields of ${farm.name}`}
        columns={columns}
        rows={fields.data?.items ?? []}
        rowKey="id"
        onRowClick={(f) => navigate(`/farms/${farm.id}/fields/${f.id}`)}
        loading={fields.isPending}
        error={fields.isError ? errorMessage(fields.error) : null}
        onRetry={() => void fields.refetch()}
        empty={<EmptyState title="No fields found. Click the + button to add a new field." />}
        className="p-3 sm:p-0"
      />
      {fields.data && <Pager page={page} pageSize={PAGE_SIZE} total={fields.data.total} capped={fields.data.totalCapped} onPage={setPage} />}
      <AddFab label="Add New Field" onClick={() => setAdding(true)} {...gate(farm.myRole, 'manageFields')} />
      {adding && <FieldFormDialog open farmId={farm.id} onClose={() => setAdding(false)} />}
    </Card>
  );
}
