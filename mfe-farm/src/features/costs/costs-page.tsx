import type { Cost } from '@shambasoko/contracts';
import { SelectField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FilterBar, ListPage } from '../../components/list-page';
import { NoBooks } from '../../components/no-books';
import { Page } from '../../components/page';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { BUDGET_CATEGORIES, PAGE_SIZE, options } from '../../lib/constants';
import { useListPage } from '../../lib/use-list-page';
import { CostsTable } from './components/costs-table';
import { CostsTotal } from './components/costs-total';
import { useT, valueLabel } from '../../lib/i18n-work';
import { useT as useCostT } from '../../lib/i18n-costs';
import { CostFormDialog } from '../../components/dialogs';

/** /costs: every cost entry with the budget filters and a category filter, their total; add, edit, delete. */
export default function CostsPage() {
  const list = useListPage<Cost>();
  const t = useT();
  const costT = useCostT();
  const [category, setCategory] = useState('');
  const { farmId, fieldId, seasonId, cropId } = list.params;
  const filters = { farmId, fieldId, seasonId, cropId, category: category || undefined };
  const { noBooks } = useFarmRoles();

  if (noBooks) {
    return (
      <Page title={costT('costs.title')} subtitle={costT('costs.subtitle')}>
        <NoBooks />
      </Page>
    );
  }

  return (
    <ListPage
      title={costT('costs.title')}
      subtitle={costT('costs.subtitle')}
      list={list}
      add={{ label: costT('costs.add'), action: 'manageCosts', reason: costT('costs.addReason') }}
      filters={
        <FilterBar list={list} levels={['farm', 'field', 'season', 'crop']} columnsClassName="sm:grid-cols-2 lg:grid-cols-5">
          <SelectField
            label={costT('costs.category')}
            value={category}
            onChange={(e) => list.refine(setCategory)(e.target.value)}
            options={[
              { value: '', label: costT('costs.allCategories') },
              ...options(BUDGET_CATEGORIES, (v) => valueLabel(t, 'category', v)),
            ]}
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
