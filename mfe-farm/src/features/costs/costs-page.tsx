import type { Cost } from '@shambasoko/shared';
import { SelectField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FilterBar, ListPage } from '../../components/list-page';
import { BUDGET_CATEGORIES, PAGE_SIZE, options } from '../../lib/constants';
import { useListPage } from '../../lib/use-list-page';
import { CostFormDialog } from './components/cost-form-dialog';
import { CostsTable } from './components/costs-table';
import { CostsTotal } from './components/costs-total';

/** /costs: every cost entry with the budget filters and a category filter, their total; add, edit, delete. */
export default function CostsPage() {
  const list = useListPage<Cost>();
  const [category, setCategory] = useState('');
  const { farmId, fieldId, seasonId, cropId } = list.params;
  const filters = { farmId, fieldId, seasonId, cropId, category: category || undefined };

  return (
    <ListPage
      title="Costs"
      subtitle="What your farms have spent, entry by entry."
      list={list}
      add={{ label: 'Add Cost', action: 'manageCosts', reason: 'You have no farm where your role can add costs.' }}
      filters={
        <FilterBar list={list} levels={['farm', 'field', 'season', 'crop']} columnsClassName="sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            label="Category"
            value={category}
            onChange={(e) => list.refine(setCategory)(e.target.value)}
            options={[{ value: '', label: 'All Categories' }, ...options(BUDGET_CATEGORIES)]}
          />
        </FilterBar>
      }
      exportCsv={{ path: '/v1/costs/export.csv', params: filters, name: 'costs' }}
      editor={(_, close) => <CostFormDialog initial={list.filter} onClose={close} />}
    >
      <CostsTotal query={filters} />
      <CostsTable query={{ ...filters, pageSize: PAGE_SIZE }} page={list.page} onPage={list.setPage} />
    </ListPage>
  );
}
