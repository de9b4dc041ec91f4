import type { Activity } from '@shambasoko/contracts';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { CompactRow } from '../../components/compact-row';
import { ItemActions } from '../../components/icon-button';
import { FilterBar, ListPage } from '../../components/list-page';
import { actionsColumn } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown, orDash } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { useListPage } from '../../lib/use-list-page';
import { useT, valueLabel } from '../../lib/i18n-work';
import { useT as useActivityT } from '../../lib/i18n-activities';
import { useActivities } from './api/get-activities';
import { QuickStatusButtons, useQuickStatus } from './components/quick-status';
import { DeleteActivityDialog, LogActivityDialog, ViewActivityDialog } from '../../components/dialogs';

/** /activities: filters farm, field, season, crop and user ('All …' = '0'), 'Search Activities', view/status and delete. */
export default function ActivitiesPage() {
  const list = useListPage<Activity>();
  const [viewing, setViewing] = useState<Activity | null>(null);
  const { roleOf } = useFarmRoles();
  const activities = useActivities({ ...list.params, search: list.query, page: list.page, pageSize: PAGE_SIZE });
  const deleting = list.removing;
  const quick = useQuickStatus();
  const t = useT();
  const activityT = useActivityT();
  const nameOf = (a: Activity) => valueLabel(t, 'type', a.name);

  const columns: DataTableColumn<Activity>[] = [
    { key: 'activity', header: t('common.activity'), render: (a) => <span className="font-medium text-stone-900">{nameOf(a)}</span> },
    { key: 'farm', header: t('common.farm'), render: (a) => nameOrUnknown(a.farmName) },
    { key: 'field', header: t('common.field'), render: (a) => nameOrUnknown(a.fieldName) },
    { key: 'season', header: t('common.season'), render: (a) => orDash(a.seasonName) },
    { key: 'crop', header: t('common.crop'), render: (a) => orDash(a.cropName) },
    { key: 'user', header: t('common.user'), render: (a) => orDash(a.userName) },
    { key: 'due', header: t('common.dueDate'), render: (a) => formatDate(a.dueDate) },
    { key: 'status', header: t('common.status'), render: (a) => <StatusBadge status={a.status} /> },
    actionsColumn((a) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        <QuickStatusButtons activity={a} role={roleOf(a.farmId)} busy={quick.busyId === a.id} onChange={quick.change} />
        <ItemActions
          name={nameOf(a)}
          suffix={activityT('activities.itemSuffix')}
          onView={() => setViewing(a)}
          onDelete={() => list.setRemoving(a)}
          allowed={gate(roleOf(a.farmId), 'manageActivities')}
        />
      </span>
    )),
  ];

  return (
    <ListPage
      title={activityT('activities.title')}
      subtitle={activityT('activities.subtitle')}
      list={list}
      add={{ label: activityT('activities.add'), action: 'manageActivities', reason: activityT('activities.addReason') }}
      filters={<FilterBar list={list} levels={['farm', 'field', 'season', 'crop', 'user']} searchLabel={activityT('activities.search')} />}
      exportCsv={{ path: '/v1/activities/export.csv', params: { ...list.params, search: list.query }, name: 'activities' }}
      table={{
        caption: activityT('activities.caption'),
        columns,
        result: activities,
        empty: activityT('activities.empty'),
        onRowClick: setViewing,
        card: (a) => (
          <CompactRow
            title={nameOf(a)}
            facts={[
              a.dueDate ? activityT('activities.due', { date: formatDate(a.dueDate) }) : activityT('activities.noDueDate'),
              a.userName ?? activityT('activities.unassigned'),
            ]}
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
