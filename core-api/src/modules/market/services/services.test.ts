import type { ServiceRequest } from '@shambasoko/contracts';
import { type Client, newClient } from '../../farm/test-helpers';
import type { TestApp } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';
import { makeSeller } from '../harvest/test-sellers';
import { todayInNairobi } from '@shambasoko/contracts/time';

let t: TestApp;
let seller: Client;
let otherSeller: Client;
let buyer: Client;
let serviceId: string;
let cropProductId: string;
useTestApp((app) => (t = app));

const tomorrow = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  seller = await newClient(t, { firstName: 'Kamau', lastName: 'Hire' });
  otherSeller = await newClient(t, { firstName: 'Other', lastName: 'Seller' });
  buyer = await newClient(t, { firstName: 'Achieng', lastName: 'Otieno' });
  const sellerId = await makeSeller(t, seller.user.id);
  await makeSeller(t, otherSeller.user.id);
  const insert = (name: string, category: 'services' | 'crops') =>
    t.db
      .insertInto('products')
      .values({ slug: `${category}-${Date.now()}-${name.length}`, seller_id: sellerId, name, category, price: 2500, county: 'Nakuru' })
      .returning('id')
      .executeTakeFirstOrThrow();
  serviceId = (await insert('Combine harvester hire', 'services')).id;
  cropProductId = (await insert('Maize grain', 'crops')).id;
});

const requestBody = () => ({ date: tomorrow(), place: 'Molo, plot 12', note: 'Five acres of wheat' });

describe('service requests', () => {
  it('a stranger is refused (401)', async () => {
    const res = await t.request({ method: 'POST', url: `/v1/products/${serviceId}/service-requests`, payload: requestBody() });
    expect(res.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/v1/service-requests' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/v1/seller/service-requests' })).statusCode).toBe(401);
  });

  it('refuses a past date, a product that is not a service, and an unknown product', async () => {
    const past = await buyer.post(`/v1/products/${serviceId}/service-requests`, { ...requestBody(), date: '2020-01-01' });
    expect([past.status, past.message]).toEqual([400, 'date must be today or later']);
    const goods = await buyer.post(`/v1/products/${cropProductId}/service-requests`, requestBody());
    expect(goods.status).toBe(400);
    expect((await buyer.post('/v1/products/nope/service-requests', requestBody())).status).toBe(404);
    expect((await buyer.post(`/v1/products/${serviceId}/service-requests`, { place: 'x' })).status).toBe(400);
  });

  it('books for today or later, notifies the seller, and each side sees it; only the seller answers it', async () => {
    const today = await buyer.post<ServiceRequest>(`/v1/products/${serviceId}/service-requests`, {
      ...requestBody(),
      date: todayInNairobi(),
    });
    expect(today.status).toBe(201);
    const res = await buyer.post<ServiceRequest>(`/v1/products/${serviceId}/service-requests`, requestBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ productName: 'Combine harvester hire', status: 'requested', place: 'Molo, plot 12', requester: null });
    const sellerNotes = await t.db.selectFrom('notifications').select(['type', 'title']).where('user_id', '=', seller.user.id).execute();
    expect(sellerNotes).toContainEqual({ type: 'service_request', title: 'New request: Combine harvester hire' });

    const mine = await buyer.get<ServiceRequest[]>('/v1/service-requests');
    expect(mine.body.map((r) => r.id)).toContain(res.body.id);
    const incoming = await seller.get<ServiceRequest[]>('/v1/seller/service-requests');
    const seen = incoming.body.find((r) => r.id === res.body.id);
    expect(seen?.requester).toEqual({ name: 'Achieng Otieno', phone: null });

    // Another seller, the buyer, and an account without a seller profile: 404, nothing changes.
    expect((await otherSeller.get<ServiceRequest[]>('/v1/seller/service-requests')).body).toEqual([]);
    expect((await otherSeller.patch(`/v1/seller/service-requests/${res.body.id}`, { status: 'accepted' })).status).toBe(404);
    expect((await buyer.patch(`/v1/seller/service-requests/${res.body.id}`, { status: 'accepted' })).status).toBe(404);
    expect((await otherSeller.get<ServiceRequest[]>('/v1/service-requests')).body).toEqual([]);

    const answered = await seller.patch<ServiceRequest>(`/v1/seller/service-requests/${res.body.id}`, { status: 'accepted' });
    expect([answered.status, answered.body.status]).toEqual([200, 'accepted']);
    expect((await seller.patch(`/v1/seller/service-requests/${res.body.id}`, { status: 'requested' })).status).toBe(400);
    const buyerNotes = await t.db.selectFrom('notifications').select(['type', 'title']).where('user_id', '=', buyer.user.id).execute();
    expect(buyerNotes).toContainEqual({ type: 'service_request', title: expect.stringContaining('accepted your request') });
  });
});
