import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shambasoko/contracts';
import { fulfilmentEvent, fulfilmentOf, maize, orderOf } from '../../testing/fixtures';
import OrderPage from './order-page';
import OrdersPage from './orders-page';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';

jest.setTimeout(30_000);

const rift = fulfilmentOf({
  id: 'f1',
  status: 'accepted',
  events: [
    fulfilmentEvent('awaiting_payment', '2026-11-20T08:00:00.000Z'),
    fulfilmentEvent('paid', '2026-11-20T09:15:00.000Z', 'Rift Agrovet'),
    fulfilmentEvent('accepted', '2026-11-20T10:30:00.000Z', 'Rift Agrovet', 'Packing today'),
  ],
});
const kiambu = fulfilmentOf({
  id: 'f2',
  seller: { id: 's2', name: 'Kiambu Dairy', county: 'Kiambu', phone: '+254722000000', whatsapp: null },
  status: 'dispatched',
  items: [{ productId: 'p-milk', name: 'Fresh Milk', price: 60, quantity: 5, image: maize.image }],
  subtotal: 300,
  deliveryFee: 350,
  dispatchNote: 'With G4 courier',
  events: [
    fulfilmentEvent('awaiting_payment', '2026-11-20T08:00:00.000Z'),
    fulfilmentEvent('dispatched', '2026-11-21T06:00:00.000Z', 'Kiambu Dairy', 'With G4 courier'),
  ],
  buyerCanCancel: false,
});
const twoSellers = orderOf({
  status: 'paid',
  items: [...rift.items, ...kiambu.items],
  subtotal: 1600,
  deliveryFee: 850,
  total: 2450,
  fulfilments: [rift, kiambu],
});

describe('the order page, one part per seller', () => {
  beforeEach(() => signInAs());

  it("shows each seller's items, fee, status and timeline", async () => {
    mockApi({ 'GET /v1/orders/o1': () => ({ body: twoSellers }) });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    const parts = await screen.findAllByTestId('fulfilment');
    expect(parts).toHaveLength(2);
    const [first, second] = parts.map((p) => within(p));
    expect(first!.getByRole('heading', { name: 'From Rift Agrovet' })).toBeInTheDocument();
    expect(first!.getByText('Certified Maize Seed H614D')).toBeInTheDocument();
    expect(first!.getByText('Ksh 500')).toBeInTheDocument();
    const timeline = within(first!.getByRole('list', { name: 'Timeline' }));
    const steps = timeline.getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')?.textContent)).toEqual(['Awaiting payment', 'Paid', 'Accepted']);
    // 10:30 UTC is 13:30 in Nairobi.
    expect(steps[2]).toHaveTextContent(/Packing today.*20 Nov 2026.*13:30.*Rift Agrovet/);
    expect(first!.getByRole('button', { name: 'Cancel the part from Rift Agrovet' })).toBeInTheDocument();

    expect(second!.getByRole('heading', { name: 'From Kiambu Dairy' })).toBeInTheDocument();
    expect(second!.getAllByText('Dispatched').length).toBeGreaterThan(0);
    expect(second!.getByText('With G4 courier')).toBeInTheDocument();
    expect(second!.queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('cancels one part with a reason, then shows the refetched order', async () => {
    let current: Order = twoSellers;
    const { writes } = mockApi({
      'GET /v1/orders/o1': () => ({ body: current }),
      'POST /v1/orders/o1/fulfilments/f1/cancel': () => {
        current = {
          ...twoSellers,
          fulfilments: [
            {
              ...rift,
              status: 'cancelled',
              buyerCanCancel: false,
              cancelReason: 'Bought elsewhere',
              events: [...rift.events, fulfilmentEvent('cancelled', '2026-11-20T11:00:00.000Z', 'Wanjiku Kamau', 'Bought elsewhere')],
            },
            kiambu,
          ],
        };
        return { body: current };
      },
    });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the part from Rift Agrovet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this part' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Bought elsewhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel this part' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes().map((c) => [c.path, c.body])).toEqual([['/v1/orders/o1/fulfilments/f1/cancel', { reason: 'Bought elsewhere' }]]);
    const first = within((await screen.findAllByTestId('fulfilment'))[0]!);
    await waitFor(() => expect(first.getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(first.queryByRole('button', { name: /Cancel/ })).toBeNull();
    // Nothing else can be cancelled, so the whole-order button is gone too.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // The confirmation shows on this page, which has no market frame around it.
    expect(await screen.findByText('Cancelled the part from Rift Agrovet.')).toBeInTheDocument();
  });

  it("cancels the whole order, and shows the API's refusal in the dialog", async () => {
    const { writes } = mockApi({
      'GET /v1/orders/o1': () => ({ body: twoSellers }),
      'POST /v1/orders/o1/cancel': () => ({ status: 409, message: 'Kiambu Dairy has already dispatched its part' }),
    });
    renderPage(<OrderPage />, { url: '/orders/o1', path: '/orders/:orderId' });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Kiambu Dairy has already dispatched its part');
    expect(writes().map((c) => [c.path, c.body])).toEqual([['/v1/orders/o1/cancel', { reason: '' }]]);
  });

  it("lists each seller's status on My Orders", async () => {
    mockApi({ 'GET /v1/orders': () => ({ body: [twoSellers] }) });
    renderPage(<OrdersPage />, { url: '/orders' });
    const table = within(await screen.findByRole('table'));
    const parts = table.getByRole('list', { name: "Each seller's part" });
    expect(
      within(parts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rift Agrovet: Accepted', 'Kiambu Dairy: Dispatched']);
  });
});
