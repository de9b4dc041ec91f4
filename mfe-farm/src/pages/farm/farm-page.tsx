import { ErrorState } from '@shambasoko/shared/ui';
import { Tabs } from '@shambasoko/shared/ui/tabs';
import { ApiError, PageSpinner } from '@shambasoko/shared';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../components/page';
import { NotSavedOffline, notSavedOffline } from '../../components/not-saved-offline';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/format';
import { useFarm } from '../../features/farms/api/get-farm';
import { FarmFieldsTab } from './farm-fields-tab';
import { lazyTab } from './lazy-tab';
import { placeAndCounty } from '@shambasoko/contracts/place';
import { Area } from '../../lib/area';
import { roleLabel, useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { can } from '../../lib/permissions';

// Fields, where a farm opens, comes with the page; each other tab's code when it first opens. The
// settings form carries the form library and the contract schemas.
const FarmSeasonsTab = lazyTab(() => import('./farm-seasons-tab').then((m) => m.FarmSeasonsTab));
const FarmCropsTab = lazyTab(() => import('./farm-crops-tab').then((m) => m.FarmCropsTab));
const FarmActivitiesTab = lazyTab(() => import('./farm-activities-tab').then((m) => m.FarmActivitiesTab));
const FarmCostsTab = lazyTab(() => import('./farm-costs-tab').then((m) => m.FarmCostsTab));
const FarmBudgetTab = lazyTab(() => import('./farm-budget-tab').then((m) => m.FarmBudgetTab));
const FarmUsersTab = lazyTab(() => import('./farm-users-tab').then((m) => m.FarmUsersTab));
const FarmSettingsTab = lazyTab(() => import('./farm-settings-tab').then((m) => m.FarmSettingsTab));

const TABS = ['fields', 'seasons', 'crops', 'activities', 'costs', 'budget', 'users', 'settings'] as const;

/** /farms/:farmId — Reading A's tabs (Fields, Seasons, Crops, Farm Settings) plus Activities, Costs, Budget and Users. */
export default function FarmPage() {
  const t = useT();
  const tPage = usePageT();
  const { farmId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const farm = useFarm(farmId);
  // Costs and Budget are the farm's books: only for the roles that may see money (the API refuses the rest).
  const money = can(farm.data?.myRole, 'seeMoney');
  const shown = TABS.filter((id) => money || (id !== 'costs' && id !== 'budget'));
  const tab = shown.find((t) => t === params.get('tab')) ?? 'fields';

  if (notSavedOffline(farm)) {
    return (
      <Page title={t('routes.farmOverview')}>
        <NotSavedOffline what="page" />
      </Page>
    );
  }
  if (farm.isPending) return <PageSpinner />;
  // A failed refresh keeps the farm already shown (its tabs say when their lists are stale); a farm
  // that is gone (404) or never loaded shows the error.
  const gone = farm.isError && farm.error instanceof ApiError && farm.error.status === 404;
  if (farm.isError && (farm.data === undefined || gone)) {
    return (
      <Page title={t('routes.farmOverview')}>
        <ErrorState
          title={farm.error instanceof ApiError && farm.error.status === 404 ? tPage('farm.notFound') : undefined}
          message={errorMessage(farm.error)}
          onRetry={() => void farm.refetch()}
        />
        <Link to="/farms" className="text-center text-sm font-medium text-brand-700 hover:underline">
          {tPage('farm.back')}
        </Link>
      </Page>
    );
  }
  const f = farm.data;
  return (
    <Page
      title={`${f.icon ? `${f.icon} ` : ''}${f.name}`}
      subtitle={
        <span className="flex flex-wrap items-center gap-2">
          {placeAndCounty(f.location, f.county)} · <Area hectares={f.totalSize} /> · {t('farms.fieldsCount', { count: f.fieldsCount })} ·{' '}
          {tPage('farm.yourRole', { role: roleLabel(f.myRole) })}
          <StatusBadge status={f.status} />
          <Link to={`/messages/farm/${f.id}`} className="font-medium text-brand-700 hover:underline">
            {tPage('farm.chat')}
          </Link>
        </span>
      }
    >
      <Tabs
        label={tPage('farm.sections')}
        value={tab}
        onChange={(id) =>
          setParams(
            (p) => {
              p.set('tab', id);
              return p;
            },
            { replace: true },
          )
        }
        items={[
          { id: 'fields', label: t('common.fields'), content: <FarmFieldsTab farm={f} /> },
          { id: 'seasons', label: t('common.seasons'), content: <FarmSeasonsTab farm={f} /> },
          { id: 'crops', label: t('common.crops'), content: <FarmCropsTab farm={f} /> },
          { id: 'activities', label: t('common.activities'), content: <FarmActivitiesTab farm={f} /> },
          { id: 'costs', label: t('common.costs'), content: <FarmCostsTab farm={f} /> },
          { id: 'budget', label: tPage('farm.tab.budget'), content: <FarmBudgetTab farm={f} /> },
          { id: 'users', label: tPage('farm.tab.users'), content: <FarmUsersTab farm={f} /> },
          { id: 'settings', label: tPage('farm.tab.settings'), content: <FarmSettingsTab key={f.id} farm={f} /> },
        ].filter((item) => (shown as readonly string[]).includes(item.id))}
      />
    </Page>
  );
}
