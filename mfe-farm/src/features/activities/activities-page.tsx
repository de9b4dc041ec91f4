import type { Activity } from '@shambasoko/shared';
import { Button, Card, DataTable, EmptyState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { IconButton, RowActions } from '../../components/icon-button';
import { EyeIcon, TrashIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { errorMessage, nameOrUnknown, orDash } from '../../lib/format';
import { can, gate } from '../../lib/permissions';
import { useDebounced } from '../../lib/use-debounced';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { CascadingSelects } from '../../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../../lib/filters/filter-state';
import { useActivities } from './api/get-activities';
import { DeleteActivityDialog } from './components/delete-activity-dialog';
import { LogActivityDialog } from './components/log-activity-dialog';
import { ViewActivityDialog } from './components/view-activity-dialog';

/** /activities: filters farm, field, season, crop and user ('All …' = '0'), 'Search Activities', view/status and delete. */
export default function ActivitiesPage() {
  const filter = useFilterState();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [viewing, setViewing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const [logging, setLogging] = useState(false);
  const { roleOf, roles } = useFarmRoles();
  const q = useDebounced(search.trim());
  const v = filter.value;
  const activities = useActivities({
    farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId),
    userId: asParam(v.userId), search: q || undefined, page, pageSize: PAGE_SIZE,
  });

  const columns: DataTableColumn<Activity>[] = [
    { key: 'activity', header: 'Activity', render: (a) => <span className="font-medium text-stone-900">{a.name}</span> },
    { key: 'farm', header: 'Farm', render: (a) => nameOrUnknown(a.farmName) },
    { key: 'field', header: 'Field', render: (a) => nameOrUnknown(a.fieldName) },
    { key: 'season', header: 'Season', render: (a) => orDash(a.seasonName) },
    { key: 'crop', header: 'Crop', render: (a) => orDash(a.cropName) },
    { key: 'user', header: 'User', render: (a) => orDash(a.userName) },
    { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      render: (a) => (
        <RowActions>
          <IconButton label={`View ${a.name} activity`} icon={<EyeIcon />} onClick={() => setViewing(a)} />
          <IconButton label={`Delete ${a.name} activity`} tone="danger" icon={<TrashIcon />} onClick={() => setDeleting(a)} {...gate(roleOf(a.farmId), 'manageActivities')} />
        </RowActions>
      ),
    },
  ];
  const canAdd = roles.some((r) => can(r, 'manageActivities'));

  return (
    <Page
      title="Farm Activities"
      subtitle="Work planned and done on your fields."
      actions={<Button onClick={() => setLogging(true)} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can log activities.'}>Log Activity</Button>}
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects levels={['farm', 'field', 'season', 'crop', 'user']} value={v} onChange={(next) => { filter.setValue(next); setPage(1); }}>
            <SearchBox label="Search Activities" value={search} onChange={(s) => { setSearch(s); setPage(1); }} className="self-end" />
          </CascadingSelects>
        </div>
        <DataTable
          caption="Activities"
          columns={columns}
          rows={activities.data?.items ?? []}
          rowKey="id"
          loading={activities.isPending}
          error={activities.isError ? errorMessage(activities.error) : null}
          onRetry={() => void activities.refetch()}
          empty={<EmptyState title="No activities found." />}
          className="p-3 sm:p-0"
        />
        {activities.data && <Pager page={page} pageSize={PAGE_SIZE} total={activities.data.total} capped={activities.data.totalCapped} onPage={setPage} />}
      </Card>
      {viewing && (
        <ViewActivityDialog
          activity={viewing}
          role={roleOf(viewing.farmId)}
          onClose={() => setViewing(null)}
          onDelete={() => { setDeleting(viewing); setViewing(null); }}
        />
      )}
      {deleting && <DeleteActivityDialog activity={deleting} onClose={() => setDeleting(null)} />}
      {logging && <LogActivityDialog onClose={() => setLogging(false)} />}
    </Page>
  );
}
