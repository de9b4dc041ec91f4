import type { Activity, Farm } from '@shambasoko/contracts';
import type { DataTableColumn } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { actionsColumn, ListTable } from '../../components/list-table';
import { StatusBadge } from '../../components/status-badge';
import { PAGE_SIZE } from '../../lib/constants';
import { formatDate, nameOrUnknown, orDash } from '../../lib/format';
import { useActivities } from '../../features/activities/api/get-activities';
import { QuickStatusButtons, useQuickStatus } from '../../features/activities/components/quick-status';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { FarmTabCard } from './farm-tab-card';
import { DeleteActivityDialog, LogActivityDialog, ViewActivityDialog } from '../../components/dialogs';

/** Activities tab: this farm's work, soonest due first, with one-tap status and Log Activity for this farm. */
export function FarmActivitiesTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const [page, setPage] = useState(1);
  const [logging, setLogging] = useState(false);
  const [viewing, setViewing] = useState<Activity | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const activities = useActivities({ farmId: farm.id, page, pageSize: PAGE_SIZE, sort: 'dueDate' });
  const quick = useQuickStatus();

  // The farm is known here: the activity and its field share one cell, leaving the facts that change.
  const columns: DataTableColumn<Activity>[] = [
    {
      key: 'activity',
      header: t('common.activity'),
      render: (a) => (
        <span className="flex flex-col">
          <span className="font-medium text-stone-900">{a.name}</span>
          <span className="text-sm text-stone-600">{nameOrUnknown(a.fieldName)}</span>
        </span>
      ),
    },
    { key: 'due', header: tPage('farm.activities.due'), render: (a) => formatDate(a.dueDate) },
    { key: 'user', header: tPage('farm.activities.assigned'), render: (a) => orDash(a.userName) },
    { key: 'status', header: t('common.status'), render: (a) => <StatusBadge status={a.status} /> },
    actionsColumn((a) => <QuickStatusButtons activity={a} role={farm.myRole} busy={quick.busyId === a.id} onChange={quick.change} />),
  ];

  return (
    <FarmTabCard
      farm={farm}
      title={t('common.activities')}
      add={t('common.logActivity')}
      action="manageActivities"
      onAdd={() => setLogging(true)}
    >
      <ListTable
        caption={tPage('farm.activities.caption', { farm: farm.name })}
        columns={columns}
        result={activities}
        page={page}
        onPage={setPage}
        onRowClick={setViewing}
        empty={t('common.noActivities')}
      />
      {logging && <LogActivityDialog farmId={farm.id} onClose={() => setLogging(false)} />}
      {viewing && (
        <ViewActivityDialog
          activity={viewing}
          role={farm.myRole}
          onClose={() => setViewing(null)}
          onDelete={() => {
            setDeleting(viewing);
            setViewing(null);
          }}
        />
      )}
      {deleting && <DeleteActivityDialog activity={deleting} onClose={() => setDeleting(null)} />}
      {quick.toast}
    </FarmTabCard>
  );
}
