import pg from 'pg';
import { type ClusterMessage, ProcessBroadcast } from './broadcast';
import { coalesce, connectPgLink, encode, type PgLink } from './pg-link';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('cluster messages on the wire', () => {
  it('sends a small message as one payload', () => {
    const payloads = encode('me', { kind: 'sessions', ids: ids(3) });
    expect(payloads).toHaveLength(1);
    expect(JSON.parse(payloads[0]!)).toEqual({ o: 'me', m: { kind: 'sessions', ids: ids(3) } });
  });

  it('cuts a long list into payloads under the NOTIFY limit, losing none', () => {
    const payloads = encode('me', { kind: 'sessions', ids: ids(1_000) });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    const sent = payloads.flatMap((p) => (JSON.parse(p) as { m: { ids: string[] } }).m.ids);
    expect(sent).toEqual(ids(1_000));
  });

  it('cuts the people of a long answers change the same way', () => {
    const payloads = encode('me', { kind: 'answers', users: ids(1_000) });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8_000);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { m: { kind: string; users: string[] } }).m.users)).toEqual(ids(1_000));
  });

  it('turns a very large catalog change into "every catalog answer"', () => {
    const tags = ids(5_000).map((id) => `p:${id}`);
    expect(encode('me', { kind: 'catalog', tags }).map((p) => JSON.parse(p) as unknown)).toEqual([{ o: 'me', m: { kind: 'catalog-all' } }]);
  });
});

describe('messages waiting for a send', () => {
  it('joins catalog changes into one, in the first one’s place, and keeps the others as they were', () => {
    const session: ClusterMessage = { kind: 'sessions', ids: ids(1) };
    expect(coalesce([{ kind: 'catalog', tags: ['a', 'b'] }, session, { kind: 'catalog', tags: ['b', 'c'] }, { kind: 'registry' }])).toEqual(
      [{ kind: 'catalog', tags: ['a', 'b', 'c'] }, session, { kind: 'registry' }],
    );
  });

  it('joins the people of kept-answer changes into one, in the first one’s place', () => {
    const session: ClusterMessage = { kind: 'sessions', ids: ids(1) };
    expect(
      coalesce([session, { kind: 'answers', users: ['u1', 'u2'] }, { kind: 'registry' }, { kind: 'answers', users: ['u2', 'u3'] }]),
    ).toEqual([session, { kind: 'answers', users: ['u1', 'u2', 'u3'] }, { kind: 'registry' }]);
  });

  it('makes "every catalog answer" of any catalog changes waiting with one', () => {
    expect(coalesce([{ kind: 'catalog', tags: ['a'] }, { kind: 'catalog-all' }, { kind: 'catalog', tags: ['b'] }])).toEqual([
      { kind: 'catalog-all' },
    ]);
  });
});

const SERVER_URL = process.env.DATABASE_URL;
const describeWithPostgres = SERVER_URL ? describe : describe.skip;

describeWithPostgres('the PostgreSQL link between processes', () => {
  const links: PgLink[] = [];
  afterAll(async () => {
    await Promise.all(links.map((l) => l.close()));
  });

  async function joined(holdMs?: number): Promise<{ bus: ProcessBroadcast; got: ClusterMessage[]; resets: () => number; link: PgLink }> {
    const bus = new ProcessBroadcast();
    const got: ClusterMessage[] = [];
    let resets = 0;
    bus.on('sessions', (m) => got.push(m));
    bus.onReset(() => (resets += 1));
    const link = await connectPgLink(bus, SERVER_URL!, { holdMs, log: { error: () => undefined, warn: () => undefined } });
    links.push(link);
    return { bus, got, resets: () => resets, link };
  }

  const until = async (check: () => boolean, ms = 5_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('delivers to the other process once, and to the sender once (no echo)', async () => {
    const [a, b] = [await joined(), await joined()];
    a.bus.publish({ kind: 'sessions', ids: ids(2) });
    expect(a.got).toHaveLength(1);
    await until(() => b.got.length === 1);
    expect(b.got[0]).toEqual({ kind: 'sessions', ids: ids(2) });
    await new Promise((r) => setTimeout(r, 100));
    expect(a.got).toHaveLength(1);
  });

  it('carries a burst of catalog changes in fewer notifications, losing no tag', async () => {
    const [a, b] = [await joined(), await joined()];
    const dropped = new Set<string>();
    b.bus.on('catalog', (m) => m.tags.forEach((tag) => dropped.add(tag)));
    let received = 0;
    b.bus.on('catalog', () => (received += 1));
    for (let i = 0; i < 50; i += 1) a.bus.publish({ kind: 'catalog', tags: [`new:seller:${i}`] });
    await until(() => dropped.size === 50);
    expect(received).toBeLessThan(50);
  });

  /** `count` catalog changes from `a`, 10 ms apart (checkouts in a busy spell); what `b` hears, one list of tags a notification. */
  async function spacedChanges(holdMs: number, count: number): Promise<string[][]> {
    const [a, b] = [await joined(holdMs), await joined()];
    const notified: string[][] = [];
    b.bus.on('catalog', (m) => notified.push([...m.tags]));
    for (let i = 0; i < count; i += 1) {
      a.bus.publish({ kind: 'catalog', tags: [`p:${i}`] });
      await new Promise((r) => setTimeout(r, 10));
    }
    await until(() => notified.flat().length === count);
    return notified;
  }

  it('holds catalog changes a moment so those of a busy spell go out as one notification, losing no tag', async () => {
    // Each change used to go out as soon as the one before had been sent.
    const notified = await spacedChanges(300, 4);
    expect(notified).toEqual([['p:0', 'p:1', 'p:2', 'p:3']]);
  });

  it('sends a steady stream of changes about once a hold, losing none', async () => {
    const notified = await spacedChanges(100, 20);
    expect(new Set(notified.flat()).size).toBe(20);
    // About 200 ms of changes at most one notification every 100 ms (each change was sent on its own
    // once the one before had gone).
    expect(notified.length).toBeLessThanOrEqual(4);
  });

  it('never holds a session revocation, and sends what was held with it', async () => {
    const [a, b] = [await joined(60_000), await joined()];
    const catalog: ClusterMessage[] = [];
    b.bus.on('catalog', (m) => catalog.push(m));
    a.bus.publish({ kind: 'catalog', tags: ['p:1'] });
    a.bus.publish({ kind: 'sessions', ids: ids(1) });
    await until(() => b.got.length === 1 && catalog.length === 1, 2_000);
  });

  it('sends what it holds when it closes', async () => {
    const [a, b] = [await joined(60_000), await joined()];
    const catalog: ClusterMessage[] = [];
    b.bus.on('catalog', (m) => catalog.push(m));
    a.bus.publish({ kind: 'catalog', tags: ['p:2'] });
    await a.link.close();
    await until(() => catalog.length === 1, 2_000);
  });

  it('reconnects after its connection is killed, resets the caches, and carries messages again', async () => {
    const [a, b] = [await joined(), await joined()];
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'shambasoko-broadcast'`);
    await admin.end();
    await until(() => b.resets() === 1 && a.resets() === 1);
    a.bus.publish({ kind: 'sessions', ids: ids(1) });
    await until(() => b.got.length === 1);
  });
});
