import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { loadOutbox, outboxItems } from '@shambasoko/shared/offline';
import { costOf, filtersOf, IDS, mockFarmApi, OPTIONS } from '../../../testing/fixtures';
import { CostFormDialog } from './cost-form-dialog';

const mockCostApi = () =>
  mockFarmApi(
    { 'POST /v1/costs': () => ({ status: 201, body: costOf() }) },
    { filters: filtersOf({ fields: [OPTIONS.field], seasons: [OPTIONS.season], crops: [OPTIONS.crop] }) },
  );

describe('CostFormDialog', () => {
  it('requires only amount and budget category (the date starts as today) and picks the only farm', async () => {
    const api = mockCostApi();
    const user = userEvent.setup();
    renderPage(<CostFormDialog onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    const amount = screen.getByLabelText(/Amount \(Ksh\)/);
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('step', '0.01');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Farm/ })).toHaveValue(IDS.farm));
    expect(screen.getByRole('combobox', { name: /Field/ })).not.toBeRequired();
    expect(screen.getByRole('option', { name: 'Whole farm' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Cost' }));
    expect(await screen.findByText('Amount is required.')).toBeInTheDocument();
    expect(screen.getByText('Budget category is required.')).toBeInTheDocument();
    for (const optional of ['Farm', 'Field', 'Season', 'Crop', 'Activity type', 'Description']) {
      expect(screen.queryByText(`${optional} is required.`)).not.toBeInTheDocument();
    }
    expect(api.writes()).toHaveLength(0);
  });

  it('adds a farm-wide cost with only amount, category and date', async () => {
    const api = mockCostApi();
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<CostFormDialog onClose={onClose} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Farm/ })).toHaveValue(IDS.farm));
    await user.type(screen.getByLabelText(/Amount/), '3200');
    await user.selectOptions(screen.getByRole('combobox', { name: /Budget Category/ }), 'Fuel');
    await user.clear(screen.getByLabelText(/Date/));
    await user.type(screen.getByLabelText(/Date/), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Add Cost' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = api.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      farmId: IDS.farm,
      fieldId: null,
      seasonId: null,
      cropId: null,
      budgetCategory: 'Fuel',
      amount: 3200,
      date: '2026-11-20',
    });
    expect(body.activityType).toBeUndefined();
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

  it('offline, queues the cost with its farm, field, season and crop named, for the lists to show', async () => {
    await loadOutbox('farmer-offline-names');
    mockFarmApi(
      {
        'POST /v1/costs': () => {
          throw new TypeError('Failed to fetch');
        },
      },
      { filters: filtersOf({ fields: [OPTIONS.field], seasons: [OPTIONS.season], crops: [OPTIONS.crop] }) },
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<CostFormDialog onClose={onClose} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Farm/ })).toHaveValue(IDS.farm));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Field/ }),
      await screen.findByRole('option', { name: OPTIONS.field.name }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Season/ }),
      await screen.findByRole('option', { name: OPTIONS.season.name }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: /^Crop/ }),
      await screen.findByRole('option', { name: OPTIONS.crop.name }),
    );
    await user.type(screen.getByLabelText(/Amount/), '3200');
    await user.selectOptions(screen.getByRole('combobox', { name: /Budget Category/ }), 'Fuel');
    await user.click(screen.getByRole('button', { name: 'Add Cost' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(outboxItems()[0]?.shown?.record).toMatchObject({
      farm: OPTIONS.farm.name,
      field: OPTIONS.field.name,
      season: OPTIONS.season.name,
      crop: OPTIONS.crop.name,
    });
    await loadOutbox(null);
  });
});
