import { act, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import userEvent from '@testing-library/user-event';
import { listPage, mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { saleOf } from '../../testing/fixtures';
import SalesPage from './sales-page';

beforeEach(() => signInAs());

it('shows each sale with its buyer, next step and action buttons, and dispatches with a note', async () => {
  const api = mockApi((call) => {
    if (call.method === 'GET' && call.path === '/v1/seller/sales')
      return { body: listPage([saleOf({ status: 'accepted', actions: ['dispatch', 'cancel'], nextStep: 'Dispatch the order' })]) };
    if (call.method === 'POST' && call.path === '/v1/seller/sales/f1/dispatch')
      return { body: saleOf({ status: 'dispatched', actions: ['deliver'] }) };
    return undefined;
  });
  const user = userEvent.setup();
  renderPage(<SalesPage />, { url: '/seller/sales' });
  const sale = within(await screen.findByRole('listitem', { name: 'Order SS-000042' }));
  expect(sale.getByText('Accepted')).toBeInTheDocument();
  expect(sale.getByText('Pick-up point: Yaya Centre, ground floor')).toBeInTheDocument();
  expect(sale.getByRole('link', { name: '+254722000111' })).toHaveAttribute('href', 'tel:+254722000111');
  expect(sale.getByTestId('next-step')).toHaveTextContent('Dispatch the order');
  expect(sale.getByText(/Subtotal Ksh\s?2,500 · Delivery fee Ksh\s?350/)).toBeInTheDocument();

  await user.click(sale.getByRole('button', { name: 'Dispatch' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Dispatch order SS-000042' }));
  await user.type(dialog.getByLabelText('Dispatch note'), 'On the 2 pm matatu, driver 0711 000 000');
  await user.click(dialog.getByRole('button', { name: 'Dispatch' }));
  await waitFor(() =>
    expect(api.writes()[0]).toMatchObject({
      path: '/v1/seller/sales/f1/dispatch',
      body: { note: 'On the 2 pm matatu, driver 0711 000 000' },
    }),
  );
});

it('asks for a reason before cancelling, and accepts in one tap', async () => {
  const api = mockApi((call) => {
    if (call.method === 'GET') return { body: listPage([saleOf()]) };
    return { body: saleOf({ status: 'accepted' }) };
  });
  const user = userEvent.setup();
  renderPage(<SalesPage />, { url: '/seller/sales' });
  const sale = within(await screen.findByRole('listitem', { name: 'Order SS-000042' }));
  await user.click(sale.getByRole('button', { name: 'Cancel sale' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: 'Cancel sale' }));
  expect(dialog.getByText('Reason is required')).toBeInTheDocument();
  expect(api.writes()).toHaveLength(0);
  await user.click(dialog.getByRole('button', { name: 'Back' }));
  await user.click(sale.getByRole('button', { name: 'Accept' }));
  await waitFor(() => expect(api.writes()[0]).toMatchObject({ path: '/v1/seller/sales/f1/accept' }));
});

describe('in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('names the status, the buttons and the cancel dialog in Kiswahili, and asks for the reason in Kiswahili', async () => {
    await act(() => setLocale('sw'));
    mockApi((call) =>
      call.method === 'GET' ? { body: listPage([saleOf({ status: 'accepted', actions: ['dispatch', 'cancel'] })]) } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<SalesPage />, { url: '/seller/sales' });
    const sale = within(await screen.findByRole('listitem', { name: 'Agizo SS-000042' }));
    expect(sale.getByText('Imekubaliwa')).toBeInTheDocument();
    expect(sale.getByText('Mahali pa kuchukulia: Yaya Centre, ground floor')).toBeInTheDocument();
    expect(sale.getByRole('button', { name: 'Tuma' })).toBeInTheDocument();
    await user.click(sale.getByRole('button', { name: 'Ghairi mauzo' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ghairi agizo SS-000042' }));
    await user.click(dialog.getByRole('button', { name: 'Ghairi mauzo' }));
    expect(dialog.getByText('Sababu inahitajika')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Ghairi mauzo' }).className).toMatch(/red/);
  });
});
