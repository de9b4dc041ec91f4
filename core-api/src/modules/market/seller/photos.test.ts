import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { SellerListing, SellerProfile } from '@shambasoko/contracts';
import { MAX_PHOTO_BYTES } from '@shambasoko/contracts';
import { createTestUser, type TestUser } from '../../../testing/auth';
import type { TestApp, TestResponse } from '../../../testing/test-app';
import { useTestApp } from '../../../testing/use-test-app';

let t: TestApp;
let seller: TestUser;
useTestApp(async (app) => {
  t = app;
  seller = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
  const res = await t.request({
    method: 'PUT',
    url: '/v1/seller/profile',
    headers: seller.headers,
    payload: { businessName: 'Photo Farm', county: 'Nyeri', phone: '0711 222 333', pickupLocation: 'Karatina market' },
  });
  expect(res.json<{ body: SellerProfile }>().body.businessName).toBe('Photo Farm');
});

const messageOf = (res: TestResponse) => res.json().header.customerMessage;
const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
const storedFiles = (): string[] => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

async function newListing(): Promise<SellerListing> {
  const res = await t.request({
    method: 'POST',
    url: '/v1/seller/products',
    headers: seller.headers,
    payload: { title: 'Hass avocado', category: 'crops', unit: 'kg', price: 80, stock: 100 },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ body: SellerListing }>().body;
}

const upload = (listingId: string, bytes: Buffer, contentType = 'image/jpeg') =>
  t.request({
    method: 'POST',
    url: `/v1/seller/products/${listingId}/photos`,
    headers: { ...seller.headers, 'content-type': contentType },
    payload: bytes,
  });

/** A camera-like JPEG: 1600×1200, with EXIF that carries a GPS position and the camera. */
async function cameraJpeg(colour = '#3a7d2c'): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Model 7' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '0/1 25/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '36/1 57/1 0/1' },
    })
    .toBuffer();
}

describe('listing photos', () => {
  it('stores a JPEG as 400 and 800 px WebP with no EXIF or GPS, served with an immutable cache', async () => {
    const listing = await newListing();
    const jpeg = await cameraJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined(); // the upload really carries EXIF

    const res = await upload(listing.id, jpeg);
    expect(res.statusCode).toBe(201);
    const [photo] = res.json<{ body: SellerListing }>().body.photos;
    expect(photo!.url).toMatch(/^\/static\/uploads\/[a-f0-9]{32}-400\.webp$/);
    expect(photo!.largeUrl).toBe(photo!.url.replace('-400.webp', '-800.webp'));

    for (const [url, width] of [
      [photo!.url, 400],
      [photo!.largeUrl, 800],
    ] as const) {
      const file = await t.request({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, exif: meta.exif, xmp: meta.xmp }).toEqual({
        format: 'webp',
        width,
        exif: undefined,
        xmp: undefined,
      });
    }
    // The catalog shows it too.
    const product = await t.request({ method: 'GET', url: `/v1/products/${listing.id}` });
    expect(product.json<{ body: { image: string } }>().body.image).toBe(photo!.url);
  });

  it('takes a PNG (as application/octet-stream too) and never enlarges a small picture', async () => {
    const listing = await newListing();
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ffcc00' } })
      .png()
      .toBuffer();
    const res = await upload(listing.id, png, 'application/octet-stream');
    expect(res.statusCode).toBe(201);
    const [photo] = res.json<{ body: SellerListing }>().body.photos;
    const large = await t.request({ method: 'GET', url: photo!.largeUrl });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses a text file named .jpg, and a photo over 8 MB, storing nothing', async () => {
    const listing = await newListing();
    const before = storedFiles();
    const text = await upload(listing.id, Buffer.from('Not a picture at all, just notes.txt renamed to notes.jpg\n'));
    expect(text.statusCode).toBe(422);
    expect(messageOf(text)).toBe('This file is not a photo. Choose a JPG, PNG or WebP picture.');

    // A real JPEG header over garbage: decodes as far as the header, then fails.
    const jpeg = await cameraJpeg('#112233');
    const truncated = await upload(listing.id, Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(2000, 7)]));
    expect(truncated.statusCode).toBe(422);

    const huge = await upload(listing.id, Buffer.alloc(MAX_PHOTO_BYTES + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(messageOf(huge)).toBe('Photos must be at most 8 MB');

    expect(storedFiles()).toEqual(before);
    const rows = await t.db.selectFrom('product_images').select('id').where('product_id', '=', listing.id).execute();
    expect(rows).toEqual([]);
  });

  it('keeps at most 6 photos a listing, and removing one removes its files', async () => {
    const listing = await newListing();
    let photos: SellerListing['photos'] = [];
    for (const colour of ['#100000', '#200000', '#300000', '#400000', '#500000', '#600000']) {
      const res = await upload(
        listing.id,
        await sharp({ create: { width: 50, height: 50, channels: 3, background: colour } })
          .jpeg()
          .toBuffer(),
      );
      expect(res.statusCode).toBe(201);
      photos = res.json<{ body: SellerListing }>().body.photos;
    }
    expect(photos).toHaveLength(6);
    const seventh = await upload(listing.id, await cameraJpeg('#700000'));
    expect(seventh.statusCode).toBe(409);

    const first = photos[0]!;
    const res = await t.request({ method: 'DELETE', url: `/v1/seller/products/${listing.id}/photos/${first.id}`, headers: seller.headers });
    expect(res.json<{ body: SellerListing }>().body.photos.map((p) => p.id)).toEqual(photos.slice(1).map((p) => p.id));
    expect((await t.request({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: first.largeUrl })).statusCode).toBe(404);
  });

  it('takes 15 concurrent uploads of one photo without a 500 and keeps the six-photo cap', async () => {
    const listing = await newListing();
    const jpeg = await cameraJpeg('#0a5d2c');
    const answers = await Promise.all(Array.from({ length: 15 }, () => upload(listing.id, jpeg)));

    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(6);
    for (const refused of answers.filter((res) => res.statusCode === 409)) {
      expect(messageOf(refused)).toBe('A listing has at most 6 photos. Remove one first.');
    }
    const rows = await t.db.selectFrom('product_images').select('path').where('product_id', '=', listing.id).execute();
    expect(rows).toHaveLength(6);
    // Every stored name is whole: no temporary file was left behind or renamed away from another.
    expect(storedFiles().filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const [photo] = answers.find((res) => res.statusCode === 201)!.json<{ body: SellerListing }>().body.photos;
    expect((await t.request({ method: 'GET', url: photo!.largeUrl })).statusCode).toBe(200);
  });
});
