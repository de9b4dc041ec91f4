import type { Field } from '@shambasoko/contracts';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useNavigate } from 'react-router-dom';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { FilterBar, ListPage } from '../../components/list-page';
import { actionsColumn } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useDeleteField } from './api/delete-field';
import { useFields } from './api/get-fields';
import { Area } from '../../lib/area';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-fields';
import { FieldFormDialog } from '../../components/dialogs';

/** /fields: every field of the caller's farms, by farm, with search over name, crop type and status. */
export default function FieldsPage() {
  const t = useT();
  const pageT = usePageT();
  const navigate = useNavigate();
  const list = useListPage<Field>();
  const remove = useDeleteField();
  const { roleOf } = useFarmRoles();
  const fields = useFields({ farmId: list.params.farmId, search: list.query, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });

  const columns: DataTableColumn<Field>[] = [
    { key: 'name', header: t('common.fieldName'), render: (f) => <span className="font-medium text-stone-900">{f.name}</span> },
    { key: 'farm', header: t('common.farm'), render: (f) => nameOrUnknown(f.farmName) },
    { key: 'size', header: t('common.size'), render: (f) => <Area size={f.size} unit={f.unit} />, className: 'tabular-nums' },
    { key: 'crop', header: t('common.cropType'), render: (f) => f.cropType },
    { key: 'planted', header: t('common.plantingDate'), render: (f) => formatDate(f.plantingDate) },
    { key: 'status', header: t('common.status'), render: (f) => <StatusBadge status={f.status} /> },
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
      title={t('routes.farmFields')}
      subtitle={pageT('fields.subtitle')}
      list={list}
      add={{ label: t('dashboard.addField'), action: 'manageFields', reason: t('reason.addFields') }}
      filters={
        <FilterBar
          list={list}
          levels={['farm']}
          columnsClassName="sm:grid-cols-2 lg:grid-cols-3"
          searchLabel={t('farm.fields.search')}
          searchClassName="self-end lg:col-span-2"
        />
      }
      table={{
        caption: pageT('fields.caption'),
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
        empty: pageT('common.noFields'),
      }}
      editor={(field, close) => <FieldFormDialog open field={field} onClose={close} />}
      remove={{
        title: t('common.deleteField'),
        message: (f) => pageT('fields.deleteMessage', { name: f.name, farm: nameOrUnknown(f.farmName) }),
        mutation: remove,
      }}
    />
  );
}
