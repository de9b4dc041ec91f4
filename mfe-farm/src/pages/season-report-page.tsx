import { useSearchParams } from 'react-router-dom';
import { Page } from '../components/page';
import { CascadingSelects } from '../lib/filters/cascading-selects';
import { NO_CHOICE, type FilterValue } from '../lib/filters/filter-state';
import { can } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import { SeasonReport } from '../features/profit/season-report';
import { FarmReportCard } from '../features/profit/components/farm-report-card';
import { FarmYieldsCard } from '../features/harvests/components/farm-yields-card';
import { useT } from '../lib/i18n-records';

/** /season-report?farmId=…&seasonId=…: what each crop made per acre, and the farm report for a loan. */
export default function SeasonReportPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { roleOf } = useFarmRoles();
  const value: FilterValue = { ...NO_CHOICE, farmId: params.get('farmId') ?? '', seasonId: params.get('seasonId') ?? '' };
  const choose = (next: FilterValue) => {
    const query: Record<string, string> = {};
    if (next.farmId) query.farmId = next.farmId;
    if (next.seasonId) query.seasonId = next.seasonId;
    setParams(query, { replace: true });
  };
  const role = roleOf(value.farmId);
  return (
    <Page title={t('report.title')} subtitle={t('report.subtitle')}>
      <CascadingSelects
        idPrefix="season-report"
        levels={['farm', 'season']}
        mode="form"
        required={['farm']}
        placeholders={{ season: t('report.allSeasons') }}
        value={value}
        onChange={choose}
        columnsClassName="sm:grid-cols-2"
      />
      {!value.farmId && <p className="text-sm text-stone-600">{t('report.chooseFarm')}</p>}
      {value.farmId && role !== undefined && !can(role, 'seeMoney') && <p className="text-sm text-stone-600">{t('report.noRole')}</p>}
      {/* Quantities, not money: every member of the farm sees the yields. */}
      {value.farmId && role !== undefined && <FarmYieldsCard farmId={value.farmId} seasonId={value.seasonId || undefined} />}
      {/* Asked only once the role is known: a Field Worker's browser never asks for the books. */}
      {value.farmId && can(role, 'seeMoney') && (
        <>
          <SeasonReport farmId={value.farmId} seasonId={value.seasonId || undefined} />
          <FarmReportCard farmId={value.farmId} seasonId={value.seasonId || undefined} />
        </>
      )}
    </Page>
  );
}
