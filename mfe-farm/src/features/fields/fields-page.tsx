import type { Field } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { IconButton, RowActions } from '../../components/icon-button';
import { EditIcon, TrashIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { errorMessage, formatDate, nameOrUnknown } from '../../lib/format';
import { can, gate } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { CascadingSelects } from '../../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../../lib/filters/filter-state';
import { useDeleteField } from './api/delete-field';
import { useFields } from './api/get-fields';
import { FieldFormDialog } from './components/field-form-dialog';

/** /fields: every field of the caller's farms, by farm, with search over name, crop type and status. */
export default function FieldsPage() {
  const navigate = useNavigate();
  const filter = useFilterState();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Field | 'new' | null>(null);
  const [removing, setRemoving] = useState<Field | null>(null);
  const remove = useDeleteField();
  const { roleOf, roles } = useFarmRoles();
  const q = useDebounced(search.trim());
  const fields = useFields({ farmId: asParam(filter.value.farmId), search: q || undefined, page, pageSize: PAGE_SIZE, sort: 'name' });

  const columns: DataTableColumn<Field>[] = [
    { key: 'name', header: 'Field Name', render: (f) => <span className="font-medium text-stone-900">{f.name}</span> },
    { key: 'farm', header: 'Farm', render: (f) => nameOrUnknown(f.farmName) },
    { key: 'size', header: 'Size', render: (f) => `${f.size} ${f.unit}`, className: 'tabular-nums' },
    { key: 'crop', header: 'Crop Type', render: (f) => f.cropType },
    { key: 'planted', header: 'Planting Date', render: (f) => formatDate(f.plantingDate) },
    { key: 'status', header: 'Status', render: (f) => <StatusBadge status={f.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (f) => {
        const allowed = gate(roleOf(f.farmId), 'manageFields');
        return (
          <RowActions>
            <IconButton label={`Edit ${f.name}`} icon={<EditIcon />} onClick={() => setEditing(f)} {...allowed} />
            <IconButton label={`Delete ${f.name}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(f)} {...allowed} />
          </RowActions>
        );
      },
    },
  ];

  const canAdd = roles.some((r) => can(r, 'manageFields'));
  return (
    <Page
      title="Farm Fields"
      subtitle="All fields across your farms."
      actions={
        <Button onClick={() => setEditing('new')} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can add fields.'}>
          Add Field
        </Button>
      }
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects
            levels={['farm']}
            value={filter.value}
            onChange={(v) => { filter.setValue(v); setPage(1); }}
            columnsClassName="sm:grid-cols-2 lg:grid-cols-3"
          >
            <SearchBox label="Search Fields" value={search} onChange={(v) => { setSearch(v); setPage(1); }} className="self-end lg:col-span-2" />
          </CascadingSelects>
        </div>
        <DataTable
          caption="Fields"
          columns={columns}
          rows={fields.data?.items ?? []}
          rowKey="id"
          onRowClick={(f) => navigate(`/farms/${f.farmId}/fields/${f.id}`)}
          loading={fields.isPending}
          error={fields.isError ? errorMessage(fields.error) : null}
          onRetry={() => void fields.refetch()}
          empty={<EmptyState title="No fields found." />}
          className="p-3 sm:p-0"
        />
        {fields.data && <Pager page={page} pageSize={PAGE_SIZE} total={fields.data.total} capped={fields.data.totalCapped} onPage={setPage} />}
      </Card>
      {editing && (
        <FieldFormDialog
          open
          field={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Delete Field"
        message={removing ? `Are you sure you want to delete ${removing.name} at ${nameOrUnknown(removing.farmName)}? Its seasons, crops, activities and costs go with it.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
      />
    </Page>
  );
}
