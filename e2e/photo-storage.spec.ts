import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, signIn } from './support/auth';
import { list, newSeller } from './support/sellers';

// Issue 44: the stack keeps photos in its S3 stand-in (s3rver), as production keeps them in a bucket.
// A photo a seller uploads is served to a buyer's phone through the usual route, and is not on the API's disk.

const API = 'http://127.0.0.1:4000';
const dataDir = () => path.join(process.env.E2E_RUN_DIR ?? '', 'data');
// A real 1×1 PNG: sharp must accept it as a photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.use({ viewport: { width: 412, height: 915 } });

test('a listing photo lives in the bucket and shows on the product page on a phone', async ({ page, request }) => {
  const tag = Date.now().toString(36);
  const shop = await newSeller(request, `Bucket Greens ${tag}`, 'Kiambu');
  const title = `Sukuma wiki ${tag}`;
  const productId = await list(request, shop, { title, price: 40, stock: 30 });
  const uploaded = await request.fetch(`${API}/v1/seller/products/${productId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shop.account.accessToken}`, 'content-type': 'image/png' },
    data: PNG,
  });
  expect(uploaded.status()).toBe(201);
  const { photos } = ((await uploaded.json()) as { body: { photos: Array<{ url: string; largeUrl: string }> } }).body;
  const name = photos[0]!.url.split('/').at(-1)!;

  // Not on the API's disk: in the stand-in's bucket folder.
  expect(fs.existsSync(path.join(dataDir(), 'uploads', name))).toBe(false);
  expect(fs.existsSync(path.join(dataDir(), 's3'))).toBe(true);
  const served = await request.get(`${API}${photos[0]!.largeUrl}`);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');

  const buyer = await createAccount(request, { roles: ['Buyer'], firstName: 'Achieng', lastName: 'Odhiambo' });
  await signIn(page, buyer);
  await page.goto(`/market/item?itemId=${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The page may show it through either route name (uploads or products) and either size.
  const hash = name.split('-')[0]!;
  const image = page.locator(`img[src*="${hash}"]`).first();
  await expect(image).toBeVisible();
  // The page's own address for it answers through the static server's proxy with a WebP that decodes.
  // (The <img> element itself reported naturalWidth 0 here while the screenshot shows the photo: open, see the note.)
  const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc || img.src);
  const decoded = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bitmap = await createImageBitmap(await res.blob());
    return { status: res.status, type: res.headers.get('content-type'), width: bitmap.width };
  }, src);
  expect(decoded).toEqual({ status: 200, type: 'image/webp', width: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
});
