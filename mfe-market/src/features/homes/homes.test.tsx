import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerHome, SellerHome, Supplier } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import BuyerHomePage from './buyer-home-page';
import SellerHomePage from './seller-home-page';
import SuppliersPage from './suppliers-page';

beforeEach(() => signInAs());

const emptyBuyer: BuyerHome = {
  inFlight: [],
  paymentsWaiting: { count: 0, total: 0 },
  deliveriesOnTheWay: 0,
  recent: [],
  favouritesBackInStock: [],
};

const days = (totals: number[]): SellerHome['daily'] =>
  totals.map((total, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, total, count: total > 0 ? 1 : 0 }));

const emptySeller: SellerHome = {
  shop: { id: 's1', name: 'Achieng Farm', rating: 0, reviewCount: 0 },
  toAccept: [],
  toDispatch: [],
  week: { total: 0, count: 0 },
  month: { total: 0, count: 0 },
  daily: days(Array.from({ length: 30 }, () => 0)),
  lowStock: [],
  preorders: [],
  latestReviews: [],
};

describe('Buyer Overview', () => {
  it('shows each order in flight with its next step, linked to the order, and payments waiting', async () => {
    mockApi({
      'GET /v1/buyer/home': () => ({
        body: {
          ...emptyBuyer,
          paymentsWaiting: { count: 1, total: 2350 },
          inFlight: [
            {
              id: 'o1',
              number: 'SS-000001',
              status: 'pending_payment',
              total: 2350,
              itemCount: 2,
              firstItem: 'Maize',
              createdAt: '2026-11-20T08:00:00.000Z',
              paymentDueAt: null,
              nextStep: 'pay',
            },
            {
              id: 'o2',
              number: 'SS-000002',
              status: 'shipped',
              total: 900,
              itemCount: 1,
              firstItem: 'Beans',
              createdAt: '2026-11-19T08:00:00.000Z',
              paymentDueAt: null,
              nextStep: 'wait_for_delivery',
            },
          ],
        },
      }),
    });
    renderPage(<BuyerHomePage />, { url: '/buyer' });
    const list = within(await screen.findByTestId('orders-in-flight'));
    expect(list.getByRole('link', { name: /SS-000001/ })).toHaveAttribute('href', '/orders/o1');
    expect(list.getAllByTestId('next-step').map((n) => n.textContent)).toEqual(['Pay for this order', 'On the way to you']);
    expect(screen.getByRole('link', { name: /Payments waiting/ })).toHaveAttribute('href', '/orders/o1');
    expect(screen.getByText(/Ksh\s?2,350 to pay/)).toBeInTheDocument();
  });

  it('says what to do next when there is nothing yet, and never offers Add Farm', async () => {
    mockApi({ 'GET /v1/buyer/home': () => ({ body: emptyBuyer }) });
    renderPage(<BuyerHomePage />, { url: '/buyer' });
    expect(await screen.findByText('No orders in flight.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Marketplace' })).toHaveAttribute('href', '/market');
    expect(screen.queryByText(/Add Farm/)).toBeNull();
  });

  it("reorders a past order's available lines through the cart API, then opens the cart", async () => {
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/v1/buyer/home')
        return {
          body: {
            ...emptyBuyer,
            recent: [
              {
                id: 'o9',
                number: 'SS-000009',
                createdAt: '2026-11-01T08:00:00.000Z',
                total: 3000,
                lines: [
                  { productId: 'p1', name: 'Maize', quantity: 2, price: 1000, available: true },
                  { productId: 'p2', name: 'Beans', quantity: 1, price: 1000, available: false },
                ],
              },
            ],
          },
        };
      if (call.method === 'POST' && call.path === '/v1/cart/items') return { body: { items: [], itemCount: 2, subtotal: 2000 } };
      return undefined;
    });
    renderPage(<BuyerHomePage />, { url: '/buyer' });
    expect(await screen.findByText('1 × Beans · not available now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reorder SS-000009' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cart'));
    expect(api.writes().map((w) => [w.path, w.body])).toEqual([['/v1/cart/items', { productId: 'p1', quantity: 2 }]]);
  });
});

describe('Seller Overview', () => {
  it("shows the shop's sales to accept and dispatch, takings, a bar per day, low stock and reviews, each linked", async () => {
    mockApi({
      'GET /v1/seller/home': () => ({
        body: {
          ...emptySeller,
          shop: { id: 's1', name: 'Achieng Farm', rating: 4.5, reviewCount: 2 },
          toAccept: [
            {
              id: 'f1',
              orderNumber: 'SS-000042',
              buyerName: 'Wanjiku Mwangi',
              amount: 2850,
              itemCount: 3,
              preorder: false,
              createdAt: '2026-11-20T08:00:00.000Z',
            },
          ],
          week: { total: 2850, count: 1 },
          month: { total: 12000, count: 4 },
          daily: days([...Array.from({ length: 29 }, () => 0), 2850]),
          lowStock: [{ id: 'p1', name: 'Tomatoes', stock: 3, unit: 'crate' }],
          latestReviews: [
            {
              productId: 'p1',
              productName: 'Tomatoes',
              reviewerName: 'Otieno',
              rating: 5,
              comment: 'Fresh',
              createdAt: '2026-11-21T08:00:00.000Z',
            },
          ],
        },
      }),
    });
    renderPage(<SellerHomePage />, { url: '/seller' });
    const toAccept = within(await screen.findByTestId('sales-to-accept'));
    expect(toAccept.getByRole('link', { name: /SS-000042/ })).toHaveAttribute('href', '/seller/sales');
    expect(toAccept.getByText('Wanjiku Mwangi · 3 items')).toBeInTheDocument();
    expect(screen.getByText('Nothing to dispatch today.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sales this month/ })).toHaveTextContent(/Ksh\s?12,000/);
    expect(within(screen.getByTestId('sales-bars')).getAllByRole('listitem')).toHaveLength(30);
    expect(screen.getByRole('link', { name: /Tomatoes.*3 crate left/ })).toHaveAttribute('href', '/seller/products/p1');
    expect(screen.getByText('Fresh')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Seller Overview' })).toBeInTheDocument();
  });

  it('asks a seller without a shop to create the profile', async () => {
    mockApi({ 'GET /v1/seller/home': () => ({ body: { ...emptySeller, shop: null } }) });
    renderPage(<SellerHomePage />, { url: '/seller' });
    expect(await screen.findByText('You have no shop yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create seller profile' })).toHaveAttribute('href', '/seller/profile');
  });
});

describe('Suppliers', () => {
  const supplier: Supplier = {
    sellerId: 's1',
    name: 'Wambui Farm',
    county: 'Kiambu',
    lastOrder: { id: 'o3', number: 'SS-000003', createdAt: '2026-11-20T08:00:00.000Z' },
    orderCount: 2,
    totalSpent: 4500,
    lastLines: [
      { productId: 'p1', name: 'Maize', quantity: 3, price: 1500, available: true },
      { productId: 'p2', name: 'Beans', quantity: 1, price: 800, available: false },
    ],
  };

  it('lists each seller with county, last order and total spent, links the shop, and reorders the available lines', async () => {
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/v1/buyer/suppliers') return { body: [supplier] };
      if (call.method === 'POST' && call.path === '/v1/cart/items') return { body: { items: [], itemCount: 3, subtotal: 4500 } };
      return undefined;
    });
    renderPage(<SuppliersPage />, { url: '/buyer/suppliers' });
    const card = within(await screen.findByRole('listitem', { name: 'Wambui Farm' }));
    expect(card.getByText(/Kiambu · 2 orders/)).toBeInTheDocument();
    expect(card.getByTestId('total-spent')).toHaveTextContent(/Ksh\s?4,500/);
    expect(card.getByRole('link', { name: 'Visit shop' })).toHaveAttribute('href', '/market/seller/s1');
    await userEvent.click(card.getByRole('button', { name: 'Reorder from Wambui Farm' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/cart'));
    expect(api.writes().map((w) => w.body)).toEqual([{ productId: 'p1', quantity: 3 }]);
  });

  it('says what to do when nothing was bought yet', async () => {
    mockApi({ 'GET /v1/buyer/suppliers': () => ({ body: [] }) });
    renderPage(<SuppliersPage />, { url: '/buyer/suppliers' });
    expect(await screen.findByText('You have not bought from any seller yet.')).toBeInTheDocument();
  });
});
