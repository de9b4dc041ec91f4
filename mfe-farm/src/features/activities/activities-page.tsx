import type { Activity } from '@shambasoko/shared';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { actionsColumn, FilterBar, ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown, orDash } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useActivities } from './api/get-activities';
import { DeleteActivityDialog } from './components/delete-activity-dialog';
import { LogActivityDialog } from './components/log-activity-dialog';
import { QuickStatusButtons, useQuickStatus } from './components/quick-status';
import { ViewActivityDialog } from './components/view-activity-dialog';

/** /activities: filters farm, field, season, crop and user ('All …' = '0'), 'Search Activities', view/status and delete. */
export default function ActivitiesPage() {
  const list = useListPage<Activity>();
  const [viewing, setViewing] = useState<Activity | null>(null);
  const { roleOf } = useFarmRoles();
  const activities = useActivities({ ...list.params, search: list.query, page: list.page, pageSize: PAGE_SIZE });
  const deleting = list.removing;
  const quick = useQuickStatus();

  const columns: DataTableColumn<Activity>[] = [
    { key: 'activity', header: 'Activity', render: (a) => <span className="font-medium text-stone-900">{a.name}</span> },
    { key: 'farm', header: 'Farm', render: (a) => nameOrUnknown(a.farmName) },
    { key: 'field', header: 'Field', render: (a) => nameOrUnknown(a.fieldName) },
    { key: 'season', header: 'Season', render: (a) => orDash(a.seasonName) },
    { key: 'crop', header: 'Crop', render: (a) => orDash(a.cropName) },
    { key: 'user', header: 'User', render: (a) => orDash(a.userName) },
    { key: 'due', header: 'Due date', render: (a) => formatDate(a.dueDate) },
    { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
    actionsColumn((a) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <QuickStatusButtons activity={a} role={roleOf(a.farmId)} busy={quick.busyId === a.id} onChange={quick.change} />
        <ItemActions
          name={a.name}
          suffix=" activity"
          onView={() => setViewing(a)}
          onDelete={() => list.setRemoving(a)}
          allowed={gate(roleOf(a.farmId), 'manageActivities')}
        />
      </span>
    )),
  ];

  return (
    <ListPage
      title="Farm Activities"
      subtitle="Work planned and done on your fields."
      list={list}
      add={{ label: 'Log Activity', action: 'manageActivities', reason: 'You have no farm where your role can log activities.' }}
      filters={<FilterBar list={list} levels={['farm', 'field', 'season', 'crop', 'user']} searchLabel="Search Activities" />}
      exportCsv={{ path: '/v1/activities/export.csv', params: { ...list.params, search: list.query }, name: 'activities' }}
      table={{
        caption: 'Activities',
        columns,
        result: activities,
        empty: 'No activities found.',
        onRowClick: setViewing,
        card: (a) => (
          <CompactRow
            title={a.name}
            facts={[a.dueDate ? `Due ${formatDate(a.dueDate)}` : 'No due date', a.userName ?? 'Unassigned']}
            status={<StatusBadge status={a.status} />}
            actions={<QuickStatusButtons activity={a} role={roleOf(a.farmId)} busy={quick.busyId === a.id} onChange={quick.change} />}
          />
        ),
      }}
      editor={(_, close) => <LogActivityDialog onClose={close} />}
      dialogs={
        <>
          {viewing && (
            <ViewActivityDialog
              activity={viewing}
              role={roleOf(viewing.farmId)}
              onClose={() => setViewing(null)}
              onDelete={() => {
                list.setRemoving(viewing);
                setViewing(null);
              }}
            />
          )}
          {deleting && <DeleteActivityDialog activity={deleting} onClose={() => list.setRemoving(null)} />}
          {quick.toast}
        </>
      }
    />
  );
}
