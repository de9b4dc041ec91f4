import type { Season } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, SelectField, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
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
import { useDeleteSeason } from './api/delete-season';
import { useSeasons } from './api/get-seasons';
import { SeasonFormDialog } from './components/season-form-dialog';

/** /seasons: filters farm, field (of that farm), status and search; add, edit and delete. */
export default function SeasonsPage() {
  const filter = useFilterState();
  const [status, setStatus] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Season | 'new' | null>(null);
  const [removing, setRemoving] = useState<Season | null>(null);
  const remove = useDeleteSeason();
  const { roleOf, roles } = useFarmRoles();
  const q = useDebounced(search.trim());
  const seasons = useSeasons({
    farmId: asParam(filter.value.farmId),
    fieldId: asParam(filter.value.fieldId),
    status: status || undefined,
    search: q || undefined,
    page,
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
    {
      key: 'actions',
      header: 'Actions',
      render: (s) => {
        const allowed = gate(roleOf(s.farmId), 'manageSeasons');
        return (
          <RowActions>
            <IconButton label={`Edit ${s.name}`} icon={<EditIcon />} onClick={() => setEditing(s)} {...allowed} />
            <IconButton label={`Delete ${s.name}`} tone="danger" icon={<TrashIcon />} onClick={() => setRemoving(s)} {...allowed} />
          </RowActions>
        );
      },
    },
  ];
  const canAdd = roles.some((r) => can(r, 'manageSeasons'));

  return (
    <Page
      title="Seasons"
      subtitle="Growing seasons across your farms."
      actions={<Button onClick={() => setEditing('new')} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can plan seasons.'}>Plan Season</Button>}
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects levels={['farm', 'field']} value={filter.value} onChange={(v) => { filter.setValue(v); setPage(1); }} columnsClassName="sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              label="Status"
              value={status}
              onChange={(e) => { setStatus(e.target.value); setPage(1); }}
              options={[
                { value: '', label: 'All Statuses' },
                { value: 'active', label: 'Active' },
                { value: 'completed', label: 'Completed' },
                { value: 'upcoming', label: 'Upcoming' },
              ]}
            />
            <SearchBox label="Search Seasons" value={search} onChange={(v) => { setSearch(v); setPage(1); }} className="self-end" />
          </CascadingSelects>
        </div>
        <DataTable
          caption="Seasons"
          columns={columns}
          rows={seasons.data?.items ?? []}
          rowKey="id"
          loading={seasons.isPending}
          error={seasons.isError ? errorMessage(seasons.error) : null}
          onRetry={() => void seasons.refetch()}
          empty={<EmptyState title="No seasons found." />}
          className="p-3 sm:p-0"
        />
        {seasons.data && <Pager page={page} pageSize={PAGE_SIZE} total={seasons.data.total} capped={seasons.data.totalCapped} onPage={setPage} />}
      </Card>
      {editing && <SeasonFormDialog open season={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Delete Season"
        message={removing ? `Are you sure you want to delete the season ${removing.name} at ${nameOrUnknown(removing.farmName)}?` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : undefined)}
      />
    </Page>
  );
}
