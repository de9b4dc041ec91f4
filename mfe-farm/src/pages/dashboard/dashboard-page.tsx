import { homePathFor, Rich, useSession } from '@shambasoko/shared';
import { Button, Card, EmptyState, ErrorState, StaleNotice, Skeleton, StatCard } from '@shambasoko/shared/ui';
import { lazy, memo, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Dashboard } from '@shambasoko/contracts';
import { BudgetDonut } from '../../components/budget-donut';
import { CoinsIcon, HomeIcon, SproutIcon, UsersIcon, WheatIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { StatusBadge } from '../../components/status-badge';
import { NotSavedOffline, notSavedOffline } from '../../components/not-saved-offline';
import { errorMessage, formatDate } from '../../lib/format';
import { useQueuedCosts } from '../../lib/queued-costs';
import { can } from '../../lib/permissions';
import { myFarmsQuery, useFarmRoles } from '../../lib/use-farm-roles';
import { dashboardQuery, useDashboard } from '../../features/dashboard/api/get-dashboard';
import { myActivitiesQuery } from '../../features/activities/api/get-my-activities';
import { withPrimed } from '@shambasoko/shared/primed';
import { CropDistribution } from './crop-distribution';
import { MyTasks } from './my-tasks';
import { dashboardOnScreen } from './prime-dashboard';
import { placeAndCounty } from '@shambasoko/contracts/place';
import { Area } from '../../lib/area';
import { useT as useFarmT } from '../../lib/i18n';
import { appRoleLabel, useT } from '../../lib/i18n-dashboard';

// The quick actions' forms (and react-hook-form with them) load when one is opened, not with the dashboard.
const AddFarmDialog = lazy(() => import('../../features/farms/components/add-farm-dialog').then((m) => ({ default: m.AddFarmDialog })));
const CostFormDialog = lazy(() => import('../../features/costs/components/cost-form-dialog').then((m) => ({ default: m.CostFormDialog })));
const FieldFormDialog = lazy(() =>
  import('../../features/fields/components/field-form-dialog').then((m) => ({ default: m.FieldFormDialog })),
);
const UserFormDialog = lazy(() => import('../../features/users/components/user-form-dialog').then((m) => ({ default: m.UserFormDialog })));

type QuickAction = 'farm' | 'cost' | 'field' | 'user' | null;

const SEASON_LABEL = { active: 'Active', upcoming: 'Planned', completed: 'Completed' } as const;

// The page is split so that each update re-renders only what it changes: the session store (role)
// only the subtitle, the farms list (roles) only Quick Actions, the dashboard answer only the
// overview. Each of these once re-rendered the whole page, one long task each on a slow phone.

const QuickActions = memo(function QuickActions({ onAction }: { onAction(action: Exclude<QuickAction, null>): void }) {
  const t = useT();
  const tFarm = useFarmT();
  const { roles } = useFarmRoles();
  const quick: Array<{ id: Exclude<QuickAction, null>; label: string; icon: ReactNode; allowed: boolean; reason: string }> = [
    { id: 'farm', label: t('dashboard.addFarm'), icon: <HomeIcon />, allowed: true, reason: '' },
    {
      id: 'cost',
      label: tFarm('common.addCost'),
      icon: <CoinsIcon />,
      allowed: roles.some((r) => can(r, 'manageCosts')),
      reason: tFarm('reason.addCosts'),
    },
    {
      id: 'field',
      label: tFarm('dashboard.addField'),
      icon: <SproutIcon />,
      allowed: roles.some((r) => can(r, 'manageFields')),
      reason: tFarm('reason.addFields'),
    },
    {
      id: 'user',
      label: tFarm('common.addUser'),
      icon: <UsersIcon />,
      allowed: roles.some((r) => can(r, 'manageUsers')),
      reason: tFarm('reason.addUsers'),
    },
  ];
  return (
    <Card title={t('dashboard.quickActions')}>
      <div className="grid grid-cols-2 gap-3">
        {quick.map((q) => (
          <button
            key={q.id}
            type="button"
            onClick={() => onAction(q.id)}
            disabled={!q.allowed}
            title={q.allowed ? undefined : q.reason}
            aria-description={q.allowed ? undefined : q.reason}
            className="flex min-h-20 flex-col items-center justify-center gap-1 rounded-xl border border-stone-200 bg-stone-50 p-3 text-sm font-medium text-stone-800 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
          >
            <span aria-hidden="true" className="text-2xl text-brand-700">
              {q.icon}
            </span>
            {q.label}
          </button>
        ))}
      </div>
    </Card>
  );
});

/**
 * The last row (crops, budget, seasons) is below the fold on a phone: it renders in a later task,
 * as a transition React can slice, so the dashboard answer does not render everything in one task.
 * It sits at the end of the page, so nothing above it moves when it appears.
 */
function useAfterFirstRows(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}

function Overview({ d }: { d: Dashboard }) {
  const t = useT();
  // Costs added offline count in what is spent, as on the costs list and the budget.
  const queued = useQueuedCosts();
  return (
    <div className={`grid gap-6 ${d.budget ? 'lg:grid-cols-3' : 'lg:grid-cols-2'}`}>
      <Card title={t('dashboard.cropDistribution')}>
        <CropDistribution entries={d.cropDistribution} />
      </Card>
      {/* null: the caller's role on every farm keeps them out of the books (the API sends no figures). */}
      {d.budget && (
        <Card title={t('dashboard.budgetOverview')}>
          <BudgetDonut total={d.budget.total} spent={d.budget.spent + queued.amount} />
          {queued.count > 0 && (
            <p className="mt-2 text-sm text-amber-800" data-testid="dashboard-queued">
              {t('dashboard.includesWaiting', { count: queued.count })}
            </p>
          )}
        </Card>
      )}
      <Card title={t('dashboard.seasonalOverview')}>
        {d.seasons.length === 0 ? (
          <p className="py-6 text-center text-sm text-stone-500">{t('dashboard.noSeasons')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {d.seasons.map((s) => (
              <li key={s.id} className="rounded-lg border border-stone-200 p-3">
                <div className="flex items-start justify-between gap-2">
                  <p className="font-medium text-stone-900">{s.name}</p>
                  <StatusBadge status={SEASON_LABEL[s.status]} />
                </div>
                <p className="text-sm text-stone-500">
                  {s.farmName} · {formatDate(s.startDate)} – {formatDate(s.endDate)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Summary({ d, onAction }: { d: Dashboard; onAction(action: Exclude<QuickAction, null>): void }) {
  const t = useT();
  const tFarm = useFarmT();
  const showOverview = useAfterFirstRows();
  return (
    <>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label={t('dashboard.totalFarms')}
          value={d.totalFarms}
          hint={<Rich text={t('dashboard.inAll')} components={{ area: <Area hectares={d.totalArea} /> }} />}
          icon={<HomeIcon />}
        />
        <StatCard label={t('dashboard.activeFields')} value={d.activeFields} icon={<SproutIcon />} />
        <StatCard
          label={t('dashboard.cropVarieties')}
          value={d.cropVarieties}
          hint={t('dashboard.activeSeasons', { count: d.activeSeasons })}
          icon={<WheatIcon />}
        />
        <StatCard label={t('dashboard.teamMembers')} value={d.teamMembers} icon={<UsersIcon />} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title={t('dashboard.yourFarms')}
          className="lg:col-span-2"
          actions={
            <Link to="/farms" className="text-sm font-medium text-brand-700 hover:underline">
              {t('dashboard.viewAll')}
            </Link>
          }
        >
          {d.farms.length === 0 ? (
            <EmptyState
              title={t('dashboard.noFarms')}
              message={t('dashboard.addFirstFarm')}
              action={<Button onClick={() => onAction('farm')}>{t('dashboard.addFarm')}</Button>}
            />
          ) : (
            <ul className="divide-y divide-stone-200">
              {d.farms.map((f) => (
                <li key={f.id}>
                  <Link to={`/farms/${f.id}`} className="flex items-center justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-stone-900">{f.name}</span>
                      <span className="block text-sm text-stone-500">
                        {placeAndCounty(f.location, f.county)} · <Area hectares={f.totalSize} /> ·{' '}
                        {tFarm('farms.fieldsCount', { count: f.fieldsCount })}
                      </span>
                    </span>
                    <StatusBadge status={f.status} />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <QuickActions onAction={onAction} />
      </div>
      {showOverview && <Overview d={d} />}
    </>
  );
}

/** "Your farms at a glance", and the other roles the person holds, which the switcher opens. */
function subtitleOf(t: ReturnType<typeof useT>, held: readonly string[] | undefined): string {
  const others = (held ?? []).filter((r) => r !== 'Farmer').map(appRoleLabel);
  return others.length === 0 ? t('dashboard.subtitle') : t('dashboard.subtitleAlso', { roles: others.join(', ') });
}

const DashboardBody = memo(function DashboardBody({ onAction }: { onAction(action: Exclude<QuickAction, null>): void }) {
  const t = useT();
  const dashboard = useDashboard();
  const d = dashboard.data;
  // The figures (or the error) are the visit's first screen, when it started here.
  useEffect(() => {
    if (!dashboard.isPending) dashboardOnScreen();
  }, [dashboard.isPending]);
  if (notSavedOffline(dashboard)) {
    return (
      <Card>
        <NotSavedOffline what="page" />
      </Card>
    );
  }
  if (dashboard.isPending) {
    // The tiles' and cards' shape while the figures load, not a spinner on a blank page.
    return (
      <div role="status" aria-label={t('dashboard.loading')} data-testid="dashboard-skeleton" className="space-y-6">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-24 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (dashboard.isError && d === undefined) {
    return (
      <Card>
        <ErrorState
          title={t('dashboard.loadFailed')}
          message={errorMessage(dashboard.error)}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      </Card>
    );
  }
  if (d === undefined) return null;
  // A failed refresh keeps the figures already shown, marked as such.
  return (
    <>
      {dashboard.isError && (
        <Card flush>
          <StaleNotice what={t('dashboard.staleWhat')} message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
        </Card>
      )}
      <Summary d={d} onAction={onAction} />
    </>
  );
});

/** /dashboard: the Farmer's home. Any other role goes to its own home, never seeing Add Farm. */
export default function DashboardPage() {
  const role = useSession((s) => s.role);
  if (role !== 'Farmer') return <Navigate to={homePathFor(role)} replace />;
  return <FarmerDashboard />;
}

/** The caller's farms at a glance, from GET /v1/dashboard. */
function FarmerDashboard() {
  const t = useT();
  const held = useSession((s) => s.user?.roles);
  const [action, setAction] = useState<QuickAction>(null);
  const queryClient = useQueryClient();
  // Both requests start in the first render: queries start only once their component has committed,
  // and React holds back revealing a lazily loaded page for up to 300 ms. Prefetching is idempotent.
  // A visit that started here may have asked already (primeDashboard): those answers are taken.
  useState(() => {
    void queryClient.prefetchQuery(withPrimed(dashboardQuery()));
    void queryClient.prefetchQuery(withPrimed(myFarmsQuery()));
    void queryClient.prefetchQuery(withPrimed(myActivitiesQuery()));
    return null;
  });

  return (
    <Page title={t('dashboard.title')} subtitle={<span data-testid="dashboard-role">{subtitleOf(t, held)}</span>}>
      <MyTasks />
      <DashboardBody onAction={setAction} />
      <Suspense fallback={null}>
        {action === 'farm' && <AddFarmDialog open onClose={() => setAction(null)} />}
        {action === 'cost' && <CostFormDialog onClose={() => setAction(null)} />}
        {action === 'field' && <FieldFormDialog open onClose={() => setAction(null)} />}
        {action === 'user' && <UserFormDialog onClose={() => setAction(null)} />}
      </Suspense>
    </Page>
  );
}
