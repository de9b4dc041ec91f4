import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { costOf, filtersOf, IDS, mockFarmApi, OPTIONS } from '../../../testing/fixtures';
import { CostFormDialog } from './cost-form-dialog';

const mockCostApi = () =>
  mockFarmApi(
    { 'POST /v1/costs': () => ({ status: 201, body: costOf() }) },
    { filters: filtersOf({ fields: [OPTIONS.field], seasons: [OPTIONS.season], crops: [OPTIONS.crop] }) },
  );

describe('CostFormDialog', () => {
  it('requires farm, field, season, crop, activity type, budget category, description and amount', async () => {
    const api = mockCostApi();
    const user = userEvent.setup();
    renderPage(<CostFormDialog onClose={jest.fn()} />);
    const amount = screen.getByLabelText(/Amount/);
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    await user.click(screen.getByRole('button', { name: 'Add Cost' }));
    for (const message of [
      'Farm is required.',
      'Field is required.',
      'Season is required.',
      'Crop is required.',
      'Activity type is required.',
      'Budget category is required.',
      'Description is required.',
      'Amount is required.',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(api.writes()).toHaveLength(0);
  });

  it('sends the amount as whole shillings', async () => {
    const api = mockCostApi();
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<CostFormDialog onClose={onClose} />);
    await user.selectOptions(screen.getByRole('combobox', { name: /Farm/ }), await screen.findByRole('option', { name: 'Green Acres' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Field/ }), await screen.findByRole('option', { name: 'North Field' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Season/ }),
      await screen.findByRole('option', { name: 'Long Rains 2026' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /^Crop/ }), await screen.findByRole('option', { name: 'Maize' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Activity Type/ }), 'Fertilizing');
    await user.selectOptions(screen.getByRole('combobox', { name: /Budget Category/ }), 'Fertilizers');
    await user.type(screen.getByLabelText(/Description/), 'DAP 50 kg');
    await user.type(screen.getByLabelText(/Amount/), '4500.60');
    await user.click(screen.getByRole('button', { name: 'Add Cost' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toMatchObject({
      farmId: IDS.farm,
      fieldId: IDS.field,
      seasonId: IDS.season,
      cropId: IDS.crop,
      activityType: 'Fertilizing',
      budgetCategory: 'Fertilizers',
      description: 'DAP 50 kg',
      amount: 4501,
    });
  });
});
