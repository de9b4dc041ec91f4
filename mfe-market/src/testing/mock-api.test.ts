import { cartOf, cartItem, maizeDetail, orderOf } from './fixtures';
import { contractBreaches } from '@shambasoko/shared/testing';

describe('the mocked API checks fakes against the contract', () => {
  it('passes answers shaped as the API answers', () => {
    expect(contractBreaches({ method: 'GET', path: '/v1/products/p-maize', body: undefined }, 200, maizeDetail)).toEqual([]);
    expect(contractBreaches({ method: 'GET', path: '/v1/cart', body: undefined }, 200, cartOf([cartItem()]))).toEqual([]);
    expect(contractBreaches({ method: 'GET', path: '/v1/orders', body: undefined }, 200, [orderOf()])).toEqual([]);
  });

  it('names a fake that drifted from the response schema', () => {
    const [request, answer] = contractBreaches({ method: 'POST', path: '/v1/orders', body: {} }, 201, { id: 'o1', number: 'SS-000001' });
    expect(request).toMatch(/^POST \/v1\/orders request: shipping: is required/);
    expect(answer).toMatch(/^POST \/v1\/orders answer: status: /);
    expect(contractBreaches({ method: 'PUT', path: '/v1/favourites/p1', body: undefined }, 200, null)).toEqual([
      'PUT /v1/favourites/p1 answer: (body): Invalid input: expected object, received null',
    ]);
    const { price: _price, ...noPrice } = cartItem();
    expect(
      contractBreaches({ method: 'GET', path: '/v1/cart', body: undefined }, 200, { items: [noPrice], itemCount: 2, subtotal: 1300 }),
    ).toEqual(['GET /v1/cart answer: items.0.price: must be an amount in shillings']);
  });

  it('names a request the API would refuse, and a route the contract does not know', () => {
    expect(contractBreaches({ method: 'PATCH', path: '/v1/cart/items/p-maize', body: { quantity: 0 } }, 200, cartOf([]))).toEqual([
      'PATCH /v1/cart/items/p-maize request: quantity: must be at least 1',
    ]);
    expect(contractBreaches({ method: 'GET', path: '/v1/nowhere', body: undefined }, 200, {})).toEqual([
      'GET /v1/nowhere: no contract for this route in contracts/src/api-routes.ts',
    ]);
    // Refusals carry no body to check.
    expect(contractBreaches({ method: 'GET', path: '/v1/orders/o9', body: undefined }, 404, null)).toEqual([]);
  });
});
