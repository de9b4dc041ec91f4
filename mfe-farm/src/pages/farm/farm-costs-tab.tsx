import type { Farm } from '@shambasoko/contracts';
import { useState } from 'react';
import { PAGE_SIZE } from '../../lib/constants';
import { CostsTable } from '../../features/costs/components/costs-table';
import { CostsTotal } from '../../features/costs/components/costs-total';
import { useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { FarmTabCard } from './farm-tab-card';
import { CostFormDialog } from '../../components/dialogs';

/** Costs tab: this farm's entries and their total, newest first; Add Cost starts on this farm. */
export function FarmCostsTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const query = { farmId: farm.id };
  return (
    <FarmTabCard farm={farm} title={t('common.costs')} add={t('common.addCost')} action="manageCosts" onAdd={() => setAdding(true)}>
      <CostsTotal query={query} />
      <CostsTable
        query={{ ...query, pageSize: PAGE_SIZE }}
        page={page}
        onPage={setPage}
        caption={tPage('farm.costs.caption', { farm: farm.name })}
      />
      {adding && <CostFormDialog initial={query} onClose={() => setAdding(false)} />}
    </FarmTabCard>
  );
}
