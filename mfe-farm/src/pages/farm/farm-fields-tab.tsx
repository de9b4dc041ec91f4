import type { Farm, Field } from '@shambasoko/contracts';
import { Card, type DataTableColumn } from '@shambasoko/shared/ui';
import { useNavigate } from 'react-router-dom';
import { AddFab } from '../../components/add-fab';
import { ListTable } from '../../components/list-table';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useListPage } from '../../lib/use-list-page';
import { useFields } from '../../features/fields/api/get-fields';
import { Area } from '../../lib/area';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { FieldFormDialog } from '../../components/dialogs';

const columnsOf = (t: ReturnType<typeof useT>): DataTableColumn<Field>[] => [
  { key: 'name', header: t('common.fieldName'), render: (f) => <span className="font-medium text-stone-900">{f.name}</span> },
  { key: 'size', header: t('common.size'), render: (f) => <Area size={f.size} unit={f.unit} />, className: 'tabular-nums' },
  { key: 'crop', header: t('common.cropType'), render: (f) => f.cropType },
  { key: 'planted', header: t('common.plantingDate'), render: (f) => formatDate(f.plantingDate) },
  { key: 'status', header: t('common.status'), render: (f) => <StatusBadge status={f.status} /> },
];

/** Fields tab: search by name or crop type, row → field page, + opens Add New Field. */
export function FarmFieldsTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const navigate = useNavigate();
  const list = useListPage<Field>();
  const fields = useFields({ farmId: farm.id, search: list.query, page: list.page, pageSize: PAGE_SIZE, sort: 'name' });

  return (
    <Card flush>
      <div className="border-b border-stone-200 p-4">
        <SearchBox label={t('farm.fields.search')} value={list.search} onChange={list.setSearch} />
      </div>
      <ListTable
        caption={tPage('farm.fields.caption', { farm: farm.name })}
        columns={columnsOf(t)}
        result={fields}
        page={list.page}
        onPage={list.setPage}
        onRowClick={(f) => navigate(`/farms/${farm.id}/fields/${f.id}`)}
        empty={tPage('farm.fields.empty')}
      />
      <AddFab label={tPage('farm.fields.addNew')} onClick={() => list.setEditing('new')} {...gate(farm.myRole, 'manageFields')} />
      {list.editing && <FieldFormDialog open farmId={farm.id} onClose={list.closeEditor} />}
    </Card>
  );
}
