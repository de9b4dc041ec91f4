import { PageSpinner, formatNumber } from '@shambasoko/shared';
import { ErrorState } from '@shambasoko/shared/ui';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../components/page';
import { errorMessage } from '../lib/format';
import { can } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import { useCrop } from '../features/crops/api/get-crop';
import { HarvestsSection } from '../features/harvests/harvests-section';
import { IncomeSection } from '../features/income/income-section';
import { HECTARES_PER_ACRE } from '@shambasoko/contracts/farm-record-values';
import { useT } from '../lib/i18n-records';

/** /crops/:cropId — a crop's harvests (everyone reads, the field team records) and its income (the books' roles). */
export default function CropRecordsPage() {
  const t = useT();
  const { cropId = '' } = useParams();
  const crop = useCrop(cropId);
  const { roleOf } = useFarmRoles();
  if (crop.isPending) return <PageSpinner />;
  if (crop.isError)
    return (
      <Page title={t('crop.records')}>
        <ErrorState message={errorMessage(crop.error)} onRetry={() => void crop.refetch()} />
      </Page>
    );
  const c = crop.data;
  const role = roleOf(c.farmId);
  const acres = formatNumber(c.area / HECTARES_PER_ACRE);
  return (
    <Page
      title={c.name}
      subtitle={t('crop.facts', { field: c.fieldName, season: c.seasonName, acres })}
      actions={
        <div className="flex gap-3 text-sm">
          <Link className="font-medium text-brand-700 underline" to="/crops">
            {t('crop.back')}
          </Link>
          {can(role, 'seeMoney') && (
            <Link className="font-medium text-brand-700 underline" to={`/season-report?farmId=${c.farmId}&seasonId=${c.seasonId}`}>
              {t('report.link')}
            </Link>
          )}
        </div>
      }
    >
      <HarvestsSection cropId={c.id} farmId={c.farmId} canRecord={can(role, 'manageCrops')} />
      {can(role, 'seeMoney') && <IncomeSection cropId={c.id} canRecord={can(role, 'manageCosts')} />}
    </Page>
  );
}
