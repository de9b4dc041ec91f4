import type { Activity } from '@shambasoko/contracts';
import { Spinner } from '@shambasoko/shared';
import { NotSavedOffline, notSavedOffline } from '../../components/not-saved-offline';
import { Button, Card } from '@shambasoko/shared/ui';
import { memo } from 'react';
import { Link } from 'react-router-dom';
import { StatusBadge } from '../../components/status-badge';
import { useMyActivities } from '../../features/activities/api/get-my-activities';
import { QuickStatusButtons, useQuickStatus } from '../../features/activities/components/quick-status';
import { formatDate } from '../../lib/format';
import { useT } from '../../lib/i18n-dashboard';
import { useFarmRoles } from '../../lib/use-farm-roles';

type Quick = ReturnType<typeof useQuickStatus>;

function TaskGroup({ title, rows, quick }: { title: string; rows: Activity[]; quick: Quick }) {
  const t = useT();
  const { roleOf } = useFarmRoles();
  if (rows.length === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-1 text-sm font-semibold text-stone-700">{t('tasks.group', { title, count: rows.length })}</h3>
      <ul className="divide-y divide-stone-200">
        {rows.map((a) => (
          <li key={a.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
            <Link to="/activities" className="flex min-h-11 min-w-0 flex-col justify-center rounded-lg px-2 hover:bg-stone-50 sm:flex-1">
              <span className="flex items-center gap-2">
                <span className="font-medium text-stone-900">{a.name}</span>
                <StatusBadge status={a.status} />
              </span>
              <span className="text-sm text-stone-600">
                {a.fieldName} · {a.farmName} · {t('tasks.due', { date: formatDate(a.dueDate) })}
              </span>
            </Link>
            <QuickStatusButtons activity={a} role={roleOf(a.farmId)} busy={quick.busyId === a.id} onChange={quick.change} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The caller's open activities due today (Nairobi's date) and overdue, each done in one tap. */
export const MyTasks = memo(function MyTasks() {
  const t = useT();
  const mine = useMyActivities();
  const quick = useQuickStatus();
  const d = mine.data;
  let body;
  if (d) {
    body =
      d.dueToday.length + d.overdue.length === 0 ? (
        <p className="py-2 text-sm text-stone-600">{t('tasks.none')}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <TaskGroup title={t('tasks.overdue')} rows={d.overdue} quick={quick} />
          <TaskGroup title={t('tasks.dueToday')} rows={d.dueToday} quick={quick} />
        </div>
      );
  } else if (mine.isError) {
    // Not an alert: the tasks are one panel of the dashboard, and the figures around them still show.
    body = (
      <p className="flex flex-wrap items-center gap-3 text-sm text-stone-700">
        {t('tasks.loadFailed')}
        <Button variant="secondary" onClick={() => void mine.refetch()}>
          {t('tasks.reload')}
        </Button>
      </p>
    );
  } else if (notSavedOffline(mine)) {
    body = <NotSavedOffline what="list" />;
  } else {
    body = <Spinner label={t('tasks.loading')} />;
  }
  return (
    <Card
      title={t('tasks.title')}
      actions={
        <Link to="/activities" className="text-sm font-medium text-brand-700 hover:underline">
          {t('tasks.allActivities')}
        </Link>
      }
    >
      {body}
      {quick.toast}
    </Card>
  );
});
