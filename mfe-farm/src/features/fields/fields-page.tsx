import type { Field } from '@shambasoko/shared';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useNavigate } from 'react-router-dom';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { actionsColumn, FilterBar, ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteField } from './api/delete-field';
import { useFields } from './api/get-fields';
import { FieldFormDialog } from './components/field-form-dialog';
import { Area } from '../../lib/area';

/** /fields: every field of the caller's farms, by farm, with search over name, crop type and status. */
export default function FieldsPage() {
  const navigate = useNavigate();
  const list = useListPage<Field>();
  const remove = useDeleteField();
  const { roleOf } = useFarmRoles();
  const fields = useFields({ farmId: list.params.farmId, search: list.query, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });

  const columns: DataTableColumn<Field>[] = [
    { key: 'name', header: 'Field Name', render: (f) => <span className="font-medium text-stone-900">{f.name}</span> },
    { key: 'farm', header: 'Farm', render: (f) => nameOrUnknown(f.farmName) },
    { key: 'size', header: 'Size', render: (f) => <Area size={f.size} unit={f.unit} />, className: 'tabular-nums' },
    { key: 'crop', header: 'Crop Type', render: (f) => f.cropType },
    { key: 'planted', header: 'Planting Date', render: (f) => formatDate(f.plantingDate) },
    { key: 'status', header: 'Status', render: (f) => <StatusBadge status={f.status} /> },
    actionsColumn((f) => (
      <ItemActions
        name={f.name}
        onEdit={() => list.setEditing(f)}
        onDelete={() => list.setRemoving(f)}
        allowed={gate(roleOf(f.farmId), 'manageFields')}
      />
    )),
  ];

  return (
    <ListPage
      title="Farm Fields"
      subtitle="All fields across your farms."
      list={list}
      add={{ label: 'Add Field', action: 'manageFields', reason: 'You have no farm where your role can add fields.' }}
      filters={
        <FilterBar
          list={list}
          levels={['farm']}
          columnsClassName="sm:grid-cols-2 lg:grid-cols-3"
          searchLabel="Search Fields"
          searchClassName="self-end lg:col-span-2"
        />
      }
      table={{
        caption: 'Fields',
        columns,
        result: fields,
        onRowClick: (f) => navigate(`/farms/${f.farmId}/fields/${f.id}`),
        card: (f) => (
          <CompactRow
            title={f.name}
            facts={[nameOrUnknown(f.farmName), <Area key="size" size={f.size} unit={f.unit} />, f.cropType]}
            status={<StatusBadge status={f.status} />}
          />
        ),
        empty: 'No fields found.',
      }}
      editor={(field, close) => <FieldFormDialog open field={field} onClose={close} />}
      remove={{
        title: 'Delete Field',
        message: (f) =>
          `Are you sure you want to delete ${f.name} at ${nameOrUnknown(f.farmName)}? Its seasons, crops, activities and costs go with it.`,
        mutation: remove,
      }}
    />
  );
}
