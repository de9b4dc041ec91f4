import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { listingOf } from '../../testing/fixtures';
import InventoryPage from './inventory-page';

beforeEach(() => signInAs());

it('adjusts a product’s stock with a reason and shows the history', async () => {
  const adjustment = {
    id: 'a1',
    productId: 'l1',
    productTitle: 'Sukuma wiki',
    delta: -3,
    reason: 'damaged',
    note: 'Wilted in the sun',
    stockAfter: 37,
    by: 'Wanjiku Kamau',
    createdAt: '2026-11-24T09:00:00.000Z',
  } as const;
  const api = mockApi({
    'GET /v1/seller/products': () => ({ body: listPage([listingOf()]) }),
    'GET /v1/seller/inventory': () => ({ body: listPage([adjustment]) }),
    'POST /v1/seller/products/l1/stock-adjustments': () => ({ status: 201, body: adjustment }),
  });
  const user = userEvent.setup();
  renderPage(<InventoryPage />, { url: '/seller/inventory' });
  const table = within(await screen.findByRole('table'));
  expect(table.getByText('Damaged')).toBeInTheDocument();
  expect(table.getByText('-3')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
  expect(await screen.findByText('Product is required')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText(/^Product/), 'l1');
  await user.type(screen.getByLabelText(/^Change/), '-3');
  await user.selectOptions(screen.getByLabelText('Reason'), 'damaged');
  await user.type(screen.getByLabelText('Note'), 'Wilted in the sun');
  await user.click(screen.getByRole('button', { name: 'Save adjustment' }));
  await waitFor(() => expect(api.writes()[0]?.body).toEqual({ delta: -3, reason: 'damaged', note: 'Wilted in the sun' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Stock of Sukuma wiki lowered by 3.');
});
