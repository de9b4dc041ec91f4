import { Button, Card, SelectField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { Page } from '../../components/page';
import { BUDGET_CATEGORIES, PAGE_SIZE, options } from '../../lib/constants';
import { can } from '../../lib/permissions';
import { useFarmRoles } from '../../lib/use-farm-roles';
import { CascadingSelects } from '../../lib/filters/cascading-selects';
import { asParam, useFilterState } from '../../lib/filters/filter-state';
import { CostFormDialog } from './components/cost-form-dialog';
import { CostsTable } from './components/costs-table';

/** /costs: every cost entry with the budget filters and a category filter; add, edit, delete. */
export default function CostsPage() {
  const filter = useFilterState();
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const { roles } = useFarmRoles();
  const v = filter.value;
  const canAdd = roles.some((r) => can(r, 'manageCosts'));

  return (
    <Page
      title="Costs"
      subtitle="What your farms have spent, entry by entry."
      actions={<Button onClick={() => setAdding(true)} disabled={!canAdd} title={canAdd ? undefined : 'You have no farm where your role can add costs.'}>Add Cost</Button>}
    >
      <Card flush>
        <div className="border-b border-stone-200 p-4">
          <CascadingSelects levels={['farm', 'field', 'season', 'crop']} value={v} onChange={(next) => { filter.setValue(next); setPage(1); }} columnsClassName="sm:grid-cols-2 lg:grid-cols-5">
            <SelectField
              label="Category"
              value={category}
              onChange={(e) => { setCategory(e.target.value); setPage(1); }}
              options={[{ value: '', label: 'All Categories' }, ...options(BUDGET_CATEGORIES)]}
            />
          </CascadingSelects>
        </div>
        <CostsTable
          query={{ farmId: asParam(v.farmId), fieldId: asParam(v.fieldId), seasonId: asParam(v.seasonId), cropId: asParam(v.cropId), category: category || undefined, pageSize: PAGE_SIZE }}
          page={page}
          onPage={setPage}
        />
      </Card>
      {adding && <CostFormDialog initial={v} onClose={() => setAdding(false)} />}
    </Page>
  );
}
