import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { IDS, mockFarmApi } from '../../../testing/fixtures';
import { IncomeFormDialog } from './income-form-dialog';

const CROP = IDS.crop;
const path = `/v1/crops/${CROP}/income`;
const saved = (body: Record<string, unknown>) => ({
  status: 201,
  body: { id: IDS.crop, farmId: IDS.farm, cropId: CROP, buyer: '', total: 0, ...body },
});

describe('IncomeFormDialog', () => {
  it('names every missing required input in a sentence and sends nothing', async () => {
    const api = mockFarmApi({ [`POST ${path}`]: (call) => saved(call.body as Record<string, unknown>) });
    renderPage(<IncomeFormDialog cropId={CROP} onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    expect(screen.getByRole('dialog', { name: 'Record a sale made off ShambaSoko' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record a sale' }));
    expect(await screen.findByText('Quantity is required.')).toBeInTheDocument();
    expect(screen.getByText('Price per unit (Ksh) is required.')).toBeInTheDocument();
    expect(screen.queryByText(/^Buyer /)).not.toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('sends numbers as numbers, shillings whole, and closes once saved', async () => {
    const api = mockFarmApi({ [`POST ${path}`]: (call) => saved(call.body as Record<string, unknown>) });
    const onClose = jest.fn();
    renderPage(<IncomeFormDialog cropId={CROP} onClose={onClose} />);
    const price = screen.getByLabelText(/^Price per unit/);
    expect(price).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/^Quantity/)).toHaveAttribute('step', 'any');
    expect(screen.getByText('Leave empty for quantity × price')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Buyer/), 'Mama Njeri');
    await userEvent.type(screen.getByLabelText(/^Quantity/), '2.5');
    await userEvent.type(price, '3000.6');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Payment method/ }), 'cash');
    await userEvent.click(screen.getByRole('button', { name: 'Record a sale' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toMatchObject({
      buyer: 'Mama Njeri',
      quantity: 2.5,
      unit: 'bag_90kg',
      pricePerUnit: 3001,
      paymentMethod: 'cash',
    });
    expect((api.writes()[0]?.body as Record<string, unknown>).total).toBeUndefined();
  });
});
