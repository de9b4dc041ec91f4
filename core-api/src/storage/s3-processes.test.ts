import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { startS3StandIn, S3_STAND_IN_CREDENTIALS, type S3StandIn } from '../../sandbox/s3';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { createTestUser } from '../testing/auth';

// Issue 44: two API processes started as server.ts starts, each with a DATA_DIR of its own, share
// photos through the bucket. Run by `npm run test:postgres` (two processes need DATABASE_URL).

const SERVER_URL = process.env.DATABASE_URL;
const SERVER = path.resolve(__dirname, '../server.ts');
const ROOT = path.resolve(__dirname, '../../..');
const BUCKET = 'shambasoko-processes';
const describeWithPostgres = SERVER_URL ? describe : describe.skip;

type ApiProcess = { port: number; child: ChildProcess; output: string[]; dataDir: string };

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

let databaseName: string;
let databaseUrl: string;
let database: DatabaseHandle;
let standIn: S3StandIn;
let bucketDir: string;
let processes: ApiProcess[] = [];

async function startProcess(): Promise<ApiProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-process-'));
  const { NODE_OPTIONS: _, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      S3_ENDPOINT: standIn.url,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: S3_STAND_IN_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_CREDENTIALS.secretAccessKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
  const deadline = Date.now() + 50_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${output.join('')}`);
    if (Date.now() > deadline) throw new Error(`API process did not start: ${output.join('')}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return { port, child, output, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeWithPostgres('photos shared by API processes through the bucket', () => {
  beforeAll(async () => {
    databaseName = `shambasoko_photos_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(SERVER_URL!);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shambasoko-processes-s3-'));
    standIn = await startS3StandIn({ directory: bucketDir, bucket: BUCKET });
    processes = await Promise.all([startProcess(), startProcess()]);
    database = await openDatabase({ dataDir: processes[0]!.dataDir, databaseUrl });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      processes.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            p.child.once('exit', () => resolve());
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await database?.close();
    await standIn?.close();
    if (databaseName) {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
    for (const dir of [bucketDir, ...processes.map((p) => p.dataDir)]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a photo uploaded through one process is served by the other', async () => {
    const [a, b] = processes as [ApiProcess, ApiProcess];
    const seller = await createTestUser(database.db, loadConfig({ NODE_ENV: 'test' }).jwtSecret, { roles: ['Farmer'] });
    const send = (on: ApiProcess, method: string, url: string, body: unknown, contentType = 'application/json') =>
      fetch(`http://127.0.0.1:${on.port}${url}`, {
        method,
        headers: { ...seller.headers, 'content-type': contentType },
        body: Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
      });
    await send(a, 'PUT', '/v1/seller/profile', {
      businessName: 'Two Process Farm',
      county: 'Nyeri',
      phone: '0711 222 333',
      pickupLocation: 'Karatina',
    });
    const listing = (await (
      await send(a, 'POST', '/v1/seller/products', { title: 'Hass avocado', category: 'crops', unit: 'kg', price: 80, stock: 100 })
    ).json()) as { body: { id: string } };
    const jpeg = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#3a7d2c' } })
      .jpeg()
      .toBuffer();
    const uploaded = await send(a, 'POST', `/v1/seller/products/${listing.body.id}/photos`, jpeg, 'image/jpeg');
    expect(uploaded.status).toBe(201);
    const { photos } = ((await uploaded.json()) as { body: { photos: Array<{ url: string }> } }).body;

    const served = await fetch(`http://127.0.0.1:${b.port}${photos[0]!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    expect(fs.existsSync(path.join(b.dataDir, 'uploads'))).toBe(false);
  }, 60_000);
});
