import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import type { Conversation, Message, SellerListing } from '@shambasoko/contracts';
import { startS3StandIn, S3_STAND_IN_CREDENTIALS, type S3StandIn } from '../../sandbox/s3';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestUser } from '../testing/auth';
import { createShop } from '../testing/shops';
import { s3Client, S3PhotoStore } from './s3-photo-store';
import { movePhotosToBucket } from './to-bucket';
import { sendOverHttp, type TestApp, type TestRequest } from '../testing/test-app';
import { useTestApp } from '../testing/use-test-app';

// Issue 44: photos live in a bucket, so a photo uploaded through one API process is served by another
// that has its own disk (here: a second app over the same database with an empty DATA_DIR).

const BUCKET = 'shambasoko-test-photos';
const s3Env: Record<string, string> = {};
let standIn: S3StandIn;
let bucketDir: string;
beforeAll(async () => {
  bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-s3-'));
  standIn = await startS3StandIn({ directory: bucketDir, bucket: BUCKET });
  Object.assign(s3Env, {
    S3_ENDPOINT: standIn.url,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
  });
});

let t: TestApp;
let other: FastifyInstance;
let otherDataDir: string;
useTestApp(
  async (app) => {
    t = app;
    otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-other-'));
    other = await buildApp({ db: t.db, config: loadConfig({ NODE_ENV: 'test', DATA_DIR: otherDataDir, ...s3Env }) });
  },
  { env: s3Env },
);

afterAll(async () => {
  await other?.close();
  await standIn?.close();
  fs.rmSync(otherDataDir, { recursive: true, force: true });
  fs.rmSync(bucketDir, { recursive: true, force: true });
});

const fromOther = (request: TestRequest) => sendOverHttp(other, request);
const jpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7d2c' } })
    .jpeg()
    .toBuffer();

describe('photos in object storage', () => {
  it('a listing photo uploaded through one process is served by another, with the same headers', async () => {
    const seller = await createTestUser(t.db, t.config.jwtSecret, { roles: ['Farmer'] });
    await t.request({
      method: 'PUT',
      url: '/v1/seller/profile',
      headers: seller.headers,
      payload: { businessName: 'Bucket Farm', county: 'Nyeri', phone: '0711 222 333', pickupLocation: 'Karatina market' },
    });
    const created = await t.request({
      method: 'POST',
      url: '/v1/seller/products',
      headers: seller.headers,
      payload: { title: 'Hass avocado', category: 'crops', unit: 'kg', price: 80, stock: 100 },
    });
    const listing = created.json<{ body: SellerListing }>().body;
    const uploaded = await t.request({
      method: 'POST',
      url: `/v1/seller/products/${listing.id}/photos`,
      headers: { ...seller.headers, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(uploaded.statusCode).toBe(201);
    const [photo] = uploaded.json<{ body: SellerListing }>().body.photos;

    // Nothing on either API's disk: the bucket holds it.
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads'))).toBe(false);
    for (const url of [photo!.url, photo!.largeUrl]) {
      const res = await fromOther({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }

    // Removed through the second process, gone for the first.
    const removed = await fromOther({
      method: 'DELETE',
      url: `/v1/seller/products/${listing.id}/photos/${photo!.id}`,
      headers: seller.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: photo!.url })).statusCode).toBe(404);
  });

  it('a photo sent in a conversation is read through another process, by members only', async () => {
    const shop = await createShop(t.db, t.config.jwtSecret, { name: 'Bucket' });
    const buyer = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Otieno', lastName: 'Buyer' });
    const stranger = await createTestUser(t.db, t.config.jwtSecret, { firstName: 'Stranger', lastName: 'Danger' });
    const started = await t.request({
      method: 'POST',
      url: '/v1/conversations',
      headers: buyer.headers,
      payload: { sellerId: shop.sellerId },
    });
    const conversation = started.json<{ body: Conversation }>().body;
    const sent = await t.request({
      method: 'POST',
      url: `/v1/conversations/${conversation.id}/photos`,
      headers: { ...buyer.headers, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(sent.statusCode).toBe(201);
    const [url] = sent.json<{ body: Message }>().body.photos;

    const read = await fromOther({ method: 'GET', url: url!, headers: shop.user.headers });
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/webp');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    expect(read.headers['cache-control']).toMatch(/^private/);
    expect((await fromOther({ method: 'GET', url: url!, headers: stranger.headers })).statusCode).toBe(404);
  });
});

describe('npm run photos:to-bucket', () => {
  it('moves disk photos into the bucket, where the API serves them; a second run moves nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-disk-'));
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa5500' } })
      .webp()
      .toBuffer();
    fs.mkdirSync(path.join(dataDir, 'uploads'));
    fs.mkdirSync(path.join(dataDir, 'message-photos'));
    fs.writeFileSync(path.join(dataDir, 'uploads', 'feedfacefeedfacefeedfacefeedface-400.webp'), webp);
    fs.writeFileSync(path.join(dataDir, 'message-photos', 'cafebabecafebabecafebabecafebabe-800.webp'), webp);
    const client = s3Client(t.config.photoStorage!);
    try {
      expect(await movePhotosToBucket(dataDir, client, BUCKET)).toEqual({ moved: 2, alreadyThere: 0 });
      expect([...fs.readdirSync(path.join(dataDir, 'uploads')), ...fs.readdirSync(path.join(dataDir, 'message-photos'))]).toEqual([]);
      const served = await fromOther({ method: 'GET', url: '/static/uploads/feedfacefeedfacefeedfacefeedface-400.webp' });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(webp)).toBe(true);
      expect(await new S3PhotoStore(client, BUCKET, 'message-photos').get('cafebabecafebabecafebabecafebabe-800.webp')).toEqual(webp);

      // A run cut short after the upload, before the delete: the file is still on disk, and is not sent twice.
      fs.writeFileSync(path.join(dataDir, 'uploads', 'feedfacefeedfacefeedfacefeedface-400.webp'), webp);
      expect(await movePhotosToBucket(dataDir, client, BUCKET)).toEqual({ moved: 0, alreadyThere: 1 });
      expect(await movePhotosToBucket(dataDir, client, BUCKET)).toEqual({ moved: 0, alreadyThere: 0 });
    } finally {
      client.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
