import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { budgetPlanOf, IDS, mockFarmApi } from '../../../testing/fixtures';
import { SetBudgetDialog } from './set-budget-dialog';

describe('SetBudgetDialog', () => {
  it("shows the farm's plan and sends only the changed lines, a cleared one as 0 and amounts as whole shillings", async () => {
    const plan = budgetPlanOf({ Fertilizers: 100000, Labor: 20000 });
    const api = mockFarmApi({ 'GET /v1/budgets': () => ({ body: plan }), 'PUT /v1/budgets': () => ({ body: plan }) });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<SetBudgetDialog initial={{ farmId: IDS.farm }} onClose={onClose} />);
    await waitFor(() => expect(screen.getByLabelText('Fertilizers')).toHaveValue(100000));
    expect(api.calls.find((c) => c.path === '/v1/budgets')?.search.get('farmId')).toBe(IDS.farm);

    await user.clear(screen.getByLabelText('Fertilizers'));
    await user.clear(screen.getByLabelText('Fuel'));
    await user.type(screen.getByLabelText('Fuel'), '4500.6');
    await user.click(screen.getByRole('button', { name: 'Save Budget' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes().map((c) => c.body)).toEqual([
      { farmId: IDS.farm, seasonId: null, category: 'Fertilizers', planned: 0 },
      { farmId: IDS.farm, seasonId: null, category: 'Fuel', planned: 4501 },
    ]);
  });
});
