import type { Farm } from '@shambasoko/shared';
import { Button, Card } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { PAGE_SIZE } from '../../lib/constants';
import { gate } from '../../lib/permissions';
import { CostFormDialog } from '../../features/costs/components/cost-form-dialog';
import { CostsTable } from '../../features/costs/components/costs-table';
import { CostsTotal } from '../../features/costs/components/costs-total';

/** Costs tab: this farm's entries and their total, newest first; Add Cost starts on this farm. */
export function FarmCostsTab({ farm }: { farm: Farm }) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const query = { farmId: farm.id };
  return (
    <Card
      title="Costs"
      flush
      actions={
        <Button size="sm" onClick={() => setAdding(true)} {...gate(farm.myRole, 'manageCosts')}>
          Add Cost
        </Button>
      }
    >
      <CostsTotal query={query} />
      <CostsTable query={{ ...query, pageSize: PAGE_SIZE }} page={page} onPage={setPage} caption={`Costs of ${farm.name}`} />
      {adding && <CostFormDialog initial={query} onClose={() => setAdding(false)} />}
    </Card>
  );
}
