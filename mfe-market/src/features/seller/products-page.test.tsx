import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listPage, mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import { listingOf } from '../../testing/fixtures';
import ProductFormPage from './product-form-page';
import ProductsPage from './products-page';

beforeEach(() => signInAs());

describe('My Products', () => {
  it('lists the seller’s products with KES prices, filters by status, pauses and deletes after a confirm', async () => {
    const api = mockApi({
      'GET /v1/seller/products': () => ({ body: listPage([listingOf(), listingOf({ id: 'l2', title: 'Avocado Hass', stock: 0 })]) }),
      'PATCH /v1/seller/products/l1': () => ({ body: listingOf({ status: 'paused' }) }),
      'DELETE /v1/seller/products/l2': () => ({ body: { id: 'l2' } }),
    });
    const user = userEvent.setup();
    renderPage(<ProductsPage />, { url: '/seller/products' });
    const table = within(await screen.findByRole('table'));
    const row = table.getByRole('link', { name: 'Sukuma wiki' }).closest('tr')!;
    expect(row).toHaveTextContent(/Ksh\s?1,250 per kg/);
    expect(table.getByText('Out of stock')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'paused');
    await waitFor(() => expect(api.calls.some((c) => c.search.get('status') === 'paused')).toBe(true));

    await user.click(within(row).getByRole('button', { name: 'Pause Sukuma wiki' }));
    await waitFor(() => expect(api.writes()[0]).toMatchObject({ method: 'PATCH', body: { status: 'paused' } }));

    await user.click(table.getByRole('button', { name: 'Delete Avocado Hass' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this product?' });
    expect(api.writes()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/v1/seller/products/l2' }));
  });
});

describe('the unit of a new listing', () => {
  it('sets the weight per unit and converts the stock (2,428 kg are 27 bags of 90 kg)', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    await user.type(await screen.findByLabelText(/^Stock/), '2428');
    expect(screen.getByLabelText(/Weight per unit/)).toHaveValue(1);
    await user.selectOptions(screen.getByLabelText(/^Unit/), 'per 90 kg bag');
    expect(screen.getByLabelText(/^Stock/)).toHaveValue(27);
    expect(screen.getByLabelText(/Weight per unit/)).toHaveValue(90);
    await user.selectOptions(screen.getByLabelText(/^Unit/), 'per piece');
    expect(screen.getByLabelText(/Weight per unit/)).toHaveValue(1);
  });
});

describe('a listing an administrator took down', () => {
  it('is marked with the reason, and offers no Resume (the seller cannot publish it again)', async () => {
    mockApi({
      'GET /v1/seller/products': () => ({
        body: listPage([listingOf({ status: 'paused', takenDown: { at: '2026-12-01T10:00:00Z', reason: 'Photos show another product' } })]),
      }),
    });
    renderPage(<ProductsPage />, { url: '/seller/products' });
    const row = within(await screen.findByRole('table'))
      .getByRole('link', { name: 'Sukuma wiki' })
      .closest('tr')!;
    expect(row).toHaveTextContent('Taken down by an administrator');
    expect(row).toHaveTextContent('Reason: Photos show another product.');
    expect(within(row).queryByRole('button', { name: 'Resume Sukuma wiki' })).toBeNull();
  });
});

describe('the product form', () => {
  it('creates a listing with the contract’s body and opens it for photos', async () => {
    const api = mockApi({
      'POST /v1/seller/products': () => ({ status: 201, body: listingOf({ id: 'l7' }) }),
      'GET /v1/seller/products/l7': () => ({ body: listingOf({ id: 'l7' }) }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    await user.click(await screen.findByRole('button', { name: 'List product' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Price must be an amount in shillings')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Title/), 'Sukuma wiki');
    await user.type(screen.getByLabelText(/Price/), '1250');
    await user.type(screen.getByLabelText(/^Stock/), '40');
    await user.click(screen.getByRole('button', { name: 'List product' }));
    expect(await screen.findByLabelText('Add a photo')).toBeInTheDocument();
    expect(api.writes()[0]?.body).toMatchObject({
      title: 'Sukuma wiki',
      price: 1250,
      stock: 40,
      unit: 'kg',
      delivery: { pickup: true, delivery: true },
    });
  });

  it('says what the market keeps of a sale in the chosen category before the seller lists, and what a unit brings them', async () => {
    mockApi({
      'GET /v1/market/commission-rates': () => ({
        body: {
          rates: [
            { category: 'crops', rateBp: 500 },
            { category: 'equipment', rateBp: 750 },
            { category: 'supplies', rateBp: 500 },
            { category: 'services', rateBp: 1000 },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/new', path: '/seller/products/:id' });
    expect(await screen.findByTestId('commission-line')).toHaveTextContent(
      'ShambaSoko keeps 5 % of the price of goods sold in this category. Delivery fees are all yours.',
    );
    await user.selectOptions(screen.getByLabelText(/Category/), 'equipment');
    await user.type(screen.getByLabelText(/Price/), '1000');
    expect(screen.getByTestId('commission-line')).toHaveTextContent(/keeps 7\.5 % .*you receive Ksh\s?925 for each unit sold/);
  });

  it('uploads a photo as the raw body, refuses one over 8 MB before sending, and shows the API’s refusal', async () => {
    let refuse = false;
    const api = mockApi({
      'GET /v1/seller/products/l1': () => ({ body: listingOf() }),
      'POST /v1/seller/products/l1/photos': () =>
        refuse
          ? { status: 415, message: 'This file is not a photo. Choose a JPEG, PNG or WebP picture.' }
          : {
              status: 201,
              body: listingOf({ photos: [{ id: 'ph1', url: '/static/uploads/a-400.webp', largeUrl: '/static/uploads/a-800.webp' }] }),
            },
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/l1', path: '/seller/products/:id' });
    const input = await screen.findByLabelText('Add a photo');

    const big = new File(['x'], 'big.jpg', { type: 'image/jpeg' });
    Object.defineProperty(big, 'size', { value: 8 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('Photos must be at most 8 MB');
    expect(api.writes()).toHaveLength(0);

    await user.upload(input, new File(['\x89PNG'], 'leaf.png', { type: 'image/png' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.headers['content-type']).toBe('image/png');

    refuse = true;
    await user.upload(input, new File(['hello'], 'notes.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a photo.');
  });

  it('sends an optional Kiswahili title, and clears it when emptied', async () => {
    const api = mockApi({
      'GET /v1/seller/products/l1': () => ({ body: listingOf({ titleSw: 'Sukuma wiki ya Limuru' }) }),
      'PATCH /v1/seller/products/l1': () => ({ body: listingOf() }),
    });
    const user = userEvent.setup();
    renderPage(<ProductFormPage />, { url: '/seller/products/l1', path: '/seller/products/:id' });
    const field = await screen.findByLabelText('Kiswahili title (optional)');
    expect(field).toHaveValue('Sukuma wiki ya Limuru');
    expect(field).toHaveAccessibleDescription(/Buyers who read Kiswahili see this title/);
    await user.clear(field);
    await user.type(field, 'Sukuma wiki');
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(api.writes()[0]?.body).toMatchObject({ title: 'Sukuma wiki', titleSw: 'Sukuma wiki' }));
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save product' }));
    await waitFor(() => expect(api.writes()[1]?.body).toMatchObject({ titleSw: '' }));
  });
});
