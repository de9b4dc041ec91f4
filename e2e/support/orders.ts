import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Browser } from '@playwright/test';
import { createAccount, type TestAccount } from './auth';
import { call, type Shop } from './sellers';

const SANDBOX = 'http://localhost:4010';

/** What the tests read of a placed order. */
export interface PlacedOrder {
  id: string;
  number: string;
  total: number;
  deliveryFee: number;
  fulfilments: Array<{ id: string; seller: { id: string }; subtotal: number; deliveryFee: number }>;
}

export type Line = { productId: string; quantity: number };

/** A Kenyan mobile number no other test uses, so the sandbox phone shows only this test's money. */
export const newPhone = () => `07${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
/** 0712… as M-Pesa writes it: 254712…. */
export const msisdn = (phone: string) => `254${phone.slice(1)}`;

/**
 * An order placed through the API as `buyer` (the checkout's POST /v1/orders, with an idempotency key),
 * delivered to the buyer's name in `county` (Kiambu unless said). Bank transfer unless `mpesaPhone` is
 * given: then the sandbox asks that phone for the PIN (see `payOnSandboxPhone`).
 */
export async function placeOrder(
  request: APIRequestContext,
  buyer: TestAccount,
  items: Line[],
  { mpesaPhone, county = 'Kiambu' }: { mpesaPhone?: string; county?: string } = {},
): Promise<PlacedOrder> {
  const phone = mpesaPhone ?? '0712 345 678';
  const placed = await request.post('/v1/orders', {
    headers: { authorization: `Bearer ${buyer.accessToken}`, 'idempotency-key': randomUUID() },
    data: {
      shipping: {
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        email: buyer.email,
        phone,
        address: 'Plot 4, Kiambu Road',
        city: county,
        state: county,
        postalCode: '00900',
      },
      delivery: 'standard',
      payment: mpesaPhone ? { method: 'mpesa', phone } : { method: 'bank' },
      items,
    },
  });
  expect(`${placed.status()} ${await placed.text()}`).toMatch(/^201 /);
  return ((await placed.json()) as { body: PlacedOrder }).body;
}

/** The buyer types the PIN on the sandbox's phone page, as on a real phone's M-Pesa prompt. */
async function payOnSandboxPhone(browser: Browser, phone: string): Promise<void> {
  const page = await (await browser.newContext({ viewport: { width: 412, height: 915 } })).newPage();
  await page.goto(`${SANDBOX}/phone?msisdn=${msisdn(phone)}`);
  await page.getByLabel(/PIN/).fill('1234');
  await page.getByRole('button', { name: 'OK' }).click();
  await page.context().close();
}

/** An order paid by M-Pesa on the sandbox phone (a fresh number unless `phone`); answers once the API says paid. */
export async function paidOrder(
  request: APIRequestContext,
  browser: Browser,
  buyer: TestAccount,
  items: Line[],
  phone = newPhone(),
): Promise<PlacedOrder> {
  const order = await placeOrder(request, buyer, items, { mpesaPhone: phone });
  await payOnSandboxPhone(browser, phone);
  await expect
    .poll(async () => (await call<{ status: string }>(request, buyer, 'GET', `/v1/orders/${order.id}`)).status, { timeout: 20_000 })
    .toBe('paid');
  return order;
}

/** A fresh Buyer orders `quantity` of one listing and pays by M-Pesa on the sandbox phone. */
export async function freshBuyerPays(request: APIRequestContext, browser: Browser, productId: string, quantity = 1) {
  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Wanjiru', lastName: 'Kimani' });
  return { buyer, order: await paidOrder(request, browser, buyer, [{ productId, quantity }]) };
}

/** `shop`'s part of `order`. */
export const partOf = (order: PlacedOrder, shop: Shop) => order.fulfilments.find((f) => f.seller.id === shop.sellerId)!;

/** What a seller does to a bank-transfer sale, in order: an M-Pesa one starts paid (`SALE_STEPS.slice(1)`). */
export const SALE_STEPS = ['mark-paid', 'accept', 'dispatch', 'deliver'] as const;

/** The seller moves their part through `steps` (by default: marks the bank transfer paid, accepts, dispatches, delivers). */
export async function sellerMoves(
  request: APIRequestContext,
  shop: Shop,
  partId: string,
  steps: ReadonlyArray<(typeof SALE_STEPS)[number]> = SALE_STEPS,
): Promise<void> {
  for (const step of steps)
    await call(request, shop.account, 'POST', `/v1/seller/sales/${partId}/${step}`, step === 'dispatch' ? { note: 'By boda boda' } : {});
}
