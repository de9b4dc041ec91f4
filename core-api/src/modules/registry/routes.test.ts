import fs from 'node:fs';
import path from 'node:path';
import type { RegistryOverview, RegistryRemote } from '@shambasoko/contracts';
import type { Envelope } from '../../http/envelope';
import { type Client, newClient } from '../farm/test-helpers';
import type { TestApp } from '../../testing/test-app';
import { useTestApp } from '../../testing/use-test-app';
import { seedRemoteRegistry } from '../../../seed/remote-registry';
import { createManifestCache } from './manifest';
import { bumpRevision } from './repository';

let t: TestApp;
let admin: Client;
let farmer: Client;
let token: string;

useTestApp(async (app) => {
  t = app;
  admin = await newClient(t, { firstName: 'Asha', lastName: 'Admin' });
  farmer = await newClient(t, { firstName: 'Fred', lastName: 'Farmer' });
  // Grants come from the roles work; here the row is written directly.
  await t.db.insertInto('account_roles').values({ user_id: admin.user.id, role: 'Admin', granted_by: null }).execute();
  token = fs.readFileSync(path.join(t.config.dataDir, 'operator-token'), 'utf8').trim();
});

const hex = (n: number) => n.toString(16).padStart(12, '0');
const deployBody = (version: string, over: object = {}) => ({
  version,
  entry: `http://localhost:3002/v/${version}/remoteEntry.js`,
  builtAt: '2026-11-24T07:00:00.000Z',
  sizeBytes: 123_456,
  requires: { react: '^19.0.0' },
  mounts: [
    { path: '/market/*', layout: 'public' },
    { path: '/cart', layout: 'public' },
    { path: '/checkout', layout: 'public' },
    { path: '/orders/*', layout: 'dashboard' },
  ],
  menu: [],
  ...over,
});

async function operator(method: string, url: string, payload?: object, withToken: string | null = token) {
  const res = await t.request({
    method,
    url,
    headers: withToken === null ? {} : { 'x-operator-token': withToken },
    payload: payload ?? {},
  });
  return { status: res.statusCode, envelope: res.json<Envelope<RegistryRemote>>() };
}

const manifest = async (headers: Record<string, string> = {}) => t.request({ method: 'GET', url: '/v1/remotes/manifest', headers });
const liveOf = async (name: string) =>
  (await t.db.selectFrom('remotes').select('live_version').where('name', '=', name).executeTakeFirst())?.live_version;
const auditCount = async () => (await t.db.selectFrom('remote_audit').select('id').execute()).length;

describe('seed', () => {
  it('fills an empty registry from shell/public/remotes.json, and only once', async () => {
    const seeded = JSON.parse(fs.readFileSync(t.config.remotesSeed, 'utf8')) as { remotes: Array<{ name: string; roles: string[] }> };
    const rows = await t.db.selectFrom('remotes').selectAll().orderBy('name').execute();
    expect(rows.map((r) => r.name)).toEqual(seeded.remotes.map((r) => r.name).sort());
    expect(rows.every((r) => r.live_version === 'seed')).toBe(true);
    expect(rows.find((r) => r.name === 'farm')?.roles).toEqual(seeded.remotes.find((r) => r.name === 'farm')?.roles);
    // Each remote's human name comes with it (remote.json, mirrored in the seed).
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(overview.body.remotes.find((r) => r.name === 'market')?.title).toEqual({ en: 'Market', sw: 'Soko' });
    expect(await seedRemoteRegistry(t.db, t.config.remotesSeed)).toBe(0);
    expect((await t.db.selectFrom('remote_versions').select('version').execute()).length).toBe(rows.length);
  });
});

describe('GET /v1/remotes/manifest', () => {
  it('answers the live manifest to anyone, with a strong ETag and no-cache, and 304 when it has not changed', async () => {
    const res = await manifest();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const etag = res.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = res.json<{ remotes: Array<{ name: string; version: string; rollout: unknown; menu: unknown[] }> }>();
    expect(body.remotes.find((r) => r.name === 'market')).toMatchObject({
      version: 'seed',
      rollout: null,
      // The seed carries the remotes' menus (shell/public/remotes.json mirrors each remote.json).
      menu: expect.arrayContaining([{ group: 'Self-service', label: 'Marketplace', to: '/market' }]),
    });
    const again = await manifest({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
    expect((await manifest({ 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('changes its ETag as soon as the registry changes', async () => {
    const before = (await manifest()).headers.etag!;
    expect((await admin.patch('/v1/admin/remotes/legal', { enabled: false })).status).toBe(200);
    const after = await manifest({ 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ remotes: Array<{ name: string; enabled: boolean }> }>().remotes.find((r) => r.name === 'legal')?.enabled).toBe(
      false,
    );
    expect((await admin.patch('/v1/admin/remotes/legal', { enabled: true })).status).toBe(200);
  });
});

describe('admin console routes', () => {
  it('are refused to the signed-out (401) and to accounts without Admin (403), changing nothing', async () => {
    const before = await auditCount();
    expect((await t.request({ method: 'GET', url: '/v1/admin/remotes' })).statusCode).toBe(401);
    expect((await farmer.get('/v1/admin/remotes')).status).toBe(403);
    expect((await farmer.patch('/v1/admin/remotes/market', { roles: [] })).status).toBe(403);
    expect((await farmer.post('/v1/admin/remotes/market/rollback', {})).status).toBe(403);
    expect((await farmer.put('/v1/admin/remotes/market/rollout', { version: 'seed', role: 'Farmer', percent: 50 })).status).toBe(403);
    expect((await farmer.del('/v1/admin/remotes/market/rollout')).status).toBe(403);
    expect(await auditCount()).toBe(before);
  });

  it('toggles roles with an audit entry naming the admin, before and after', async () => {
    const res = await admin.patch<RegistryRemote>('/v1/admin/remotes/market', { roles: ['Farmer', 'Admin'] });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual(['Farmer', 'Admin']);
    expect(res.body.updatedBy).toEqual({ id: admin.user.id, name: 'Asha Admin' });
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(overview.body.audit[0]).toMatchObject({
      remote: 'market',
      action: 'roles',
      actor: { id: admin.user.id, name: 'Asha Admin' },
      before: { enabled: true, roles: ['*'] },
      after: { enabled: true, roles: ['Farmer', 'Admin'] },
    });
    await admin.patch('/v1/admin/remotes/market', { roles: ['*'] });
  });

  it('refuses bad input and unknown remotes with a message', async () => {
    expect((await admin.patch('/v1/admin/remotes/market', {})).status).toBe(400);
    expect((await admin.patch('/v1/admin/remotes/market', { roles: ['Pirate'] })).status).toBe(400);
    expect((await admin.patch('/v1/admin/remotes/NOPE!', { enabled: true })).status).toBe(400);
    const unknown = await admin.patch('/v1/admin/remotes/ghost', { enabled: true });
    expect([unknown.status, unknown.message]).toEqual([404, 'There is no remote called ghost.']);
    expect((await admin.put('/v1/admin/remotes/market/rollout', { version: 'seed', role: 'Farmer', percent: 100 })).status).toBe(400);
    expect((await admin.post('/v1/admin/remotes/market/promote', { version: hex(999) })).status).toBe(404);
  });
});

describe('deploys, promote, rollback and rollout', () => {
  it('need the operator token: 401 without it or with a wrong one', async () => {
    expect((await operator('POST', '/v1/deploys/market', deployBody(hex(1)), null)).status).toBe(401);
    expect((await operator('POST', '/v1/deploys/market', deployBody(hex(1)), 'x'.repeat(token.length))).status).toBe(401);
    expect((await operator('POST', '/v1/deploys/shell', { version: hex(1), provides: {} }, null)).status).toBe(401);
    expect((await operator('POST', '/v1/deploys/market/rollback', {}, 'wrong')).status).toBe(401);
    expect(await liveOf('market')).toBe('seed');
  });

  it('with no shell build registered, deploys and says that shared versions were not checked', async () => {
    const res = await operator('POST', '/v1/deploys/market', deployBody(hex(1)));
    expect(res.status).toBe(201);
    expect(res.envelope.header.customerMessage).toMatch(/not checked/);
    expect(res.envelope.body.live).toBe(hex(1));
    expect(res.envelope.body.previous).toBeNull();
  });

  it('refuses, saying exactly why and changing nothing: a foreign origin, an unmet React range, a colliding mount', async () => {
    expect(
      (await operator('POST', '/v1/deploys/shell', { version: hex(77), provides: { react: '19.1.0', 'react-dom': '19.1.0' } })).status,
    ).toBe(200);
    const before = await auditCount();
    const refusals: Array<[object, number, string]> = [
      [
        { entry: 'https://evil.example/remoteEntry.js' },
        422,
        'Refused: entry origin https://evil.example is not an allowed remote origin.',
      ],
      [{ requires: { react: '^99.0.0' } }, 409, 'Refused: market needs react ^99.0.0; the live shell provides 19.1.0.'],
      [{ mounts: [{ path: '/farms/*', layout: 'dashboard' }] }, 409, 'Refused: mount /farms/* is already served by farm.'],
      [{ mounts: [{ path: '/auth/sign-in', layout: 'public' }] }, 409, 'Refused: mount /auth/sign-in overlaps /auth/*, served by auth.'],
    ];
    for (const [over, status, message] of refusals) {
      const res = await operator('POST', '/v1/deploys/market', deployBody(hex(2), over));
      expect([res.status, res.envelope.header.customerMessage, res.envelope.body]).toEqual([status, message, null]);
    }
    expect(await liveOf('market')).toBe(hex(1));
    expect(await auditCount()).toBe(before);
    expect(await t.db.selectFrom('remote_versions').select('version').where('version', '=', hex(2)).execute()).toEqual([]);
  });

  it('is idempotent for the same version, and refuses the same version with another entry', async () => {
    const first = await operator('POST', '/v1/deploys/market', deployBody(hex(3)));
    expect(first.status).toBe(201);
    const versions = (await t.db.selectFrom('remote_versions').select('version').where('remote', '=', 'market').execute()).length;
    const before = await auditCount();
    const again = await operator('POST', '/v1/deploys/market', deployBody(hex(3)));
    expect([again.status, again.envelope.body.live]).toEqual([200, hex(3)]);
    expect((await t.db.selectFrom('remote_versions').select('version').where('remote', '=', 'market').execute()).length).toBe(versions);
    expect(await auditCount()).toBe(before);
    const other = await operator(
      'POST',
      '/v1/deploys/market',
      deployBody(hex(3), { entry: 'http://localhost:3002/v/other/remoteEntry.js' }),
    );
    expect(other.status).toBe(409);
  });

  it('rolls back to the version live before, repeatedly, never to the seed placeholder', async () => {
    // History now: seed, 1, 3.
    const one = await operator('POST', '/v1/deploys/market/rollback');
    // The seed is no build to go back to: not offered, and refused when asked for.
    expect([one.status, one.envelope.body.live, one.envelope.body.previous]).toEqual([200, hex(1), null]);
    const none = await admin.post<RegistryRemote>('/v1/admin/remotes/market/rollback', {});
    expect([none.status, none.message]).toEqual([409, 'market has no earlier live version to roll back to.']);
    expect((await operator('POST', '/v1/deploys/market/rollback')).status).toBe(409);
    expect(await liveOf('market')).toBe(hex(1));
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(overview.body.audit.slice(0, 1).map((a) => [a.action, a.actor?.name, a.before, a.after])).toEqual([
      ['rollback', 'operator', { live: hex(3) }, { live: hex(1) }],
    ]);
  });

  it('refuses to make the seed placeholder live again, by promote or rollout', async () => {
    const before = await auditCount();
    const message = 'The seed version is a placeholder, not a build: it cannot go live again.';
    const promote = await admin.post('/v1/admin/remotes/market/promote', { version: 'seed' });
    expect([promote.status, promote.message]).toEqual([409, message]);
    const rollout = await admin.put('/v1/admin/remotes/market/rollout', { version: 'seed', role: 'Farmer', percent: 10 });
    expect([rollout.status, rollout.message]).toEqual([409, message]);
    expect([await liveOf('market'), await auditCount()]).toEqual([hex(1), before]);
  });

  it('promotes any recorded version, which a rollback then undoes', async () => {
    const res = await admin.post<RegistryRemote>('/v1/admin/remotes/market/promote', { version: hex(3) });
    expect([res.status, res.body.live, res.body.previous]).toEqual([200, hex(3), hex(1)]);
    expect(res.body.versions.map((v) => v.version)).toEqual(expect.arrayContaining(['seed', hex(1), hex(3)]));
    expect(res.body.versions.find((v) => v.version === hex(3))).toMatchObject({ sizeBytes: 123_456, requires: { react: '^19.0.0' } });
  });

  it('stages a rollout in the manifest, and ends it', async () => {
    const put = await admin.put<RegistryRemote>('/v1/admin/remotes/market/rollout', { version: hex(1), role: 'Farmer', percent: 50 });
    expect([put.status, put.body.rollout]).toEqual([200, { version: hex(1), role: 'Farmer', percent: 50 }]);
    const listed = (await manifest()).json<{
      remotes: Array<{ name: string; version: string; rollout: { version: string; entry: string } | null }>;
    }>();
    const market = listed.remotes.find((r) => r.name === 'market')!;
    expect(market.version).toBe(hex(3));
    expect(market.rollout).toMatchObject({
      version: hex(1),
      role: 'Farmer',
      percent: 50,
      entry: `http://localhost:3002/v/${hex(1)}/remoteEntry.js`,
    });
    expect((await admin.put('/v1/admin/remotes/market/rollout', { version: hex(3), role: 'Farmer', percent: 50 })).status).toBe(409);
    const del = await admin.del<RegistryRemote>('/v1/admin/remotes/market/rollout');
    expect([del.status, del.body.rollout]).toEqual([200, null]);
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(overview.body.audit[0]).toMatchObject({ action: 'rollout', before: { version: hex(1), percent: 50 }, after: null });
  });

  it('creates an unknown remote switched off and for no role, so no one sees it until a product owner decides', async () => {
    const res = await operator('POST', '/v1/deploys/shop', deployBody(hex(9), { mounts: [{ path: '/shop/*', layout: 'public' }] }));
    expect(res.status).toBe(201);
    expect(res.envelope.body).toMatchObject({ name: 'shop', enabled: false, roles: [], live: hex(9) });
    const listed = (await manifest()).json<{ remotes: Array<{ name: string; enabled: boolean; roles: string[] }> }>();
    expect(listed.remotes.find((r) => r.name === 'shop')).toMatchObject({ enabled: false, roles: [] });
  });

  it("keeps a mount's offline mark, which tells the shell to start the offline support with the page", async () => {
    const mounts = [
      { path: '/garden/*', layout: 'dashboard', offline: true },
      { path: '/garden-shop', layout: 'public' },
    ];
    expect((await operator('POST', '/v1/deploys/garden', deployBody(hex(10), { mounts }))).status).toBe(201);
    const listed = (await manifest()).json<{ remotes: Array<{ name: string; mounts: unknown[] }> }>();
    expect(listed.remotes.find((r) => r.name === 'garden')?.mounts).toEqual(mounts);
    const refused = await operator(
      'POST',
      '/v1/deploys/garden',
      deployBody(hex(11), { mounts: [{ path: '/garden/*', layout: 'dashboard', offline: 'yes' }] }),
    );
    expect(refused.status).toBe(400);
  });
});

describe('publishing drafted changes', () => {
  const revision = async () => Number((await t.db.selectFrom('registry_revision').select('revision').executeTakeFirstOrThrow()).revision);
  const listed = async () => (await manifest()).json<{ remotes: Array<{ name: string; enabled: boolean; roles: string[] }> }>().remotes;

  it('applies every drafted change together: one manifest change, one audit entry per remote', async () => {
    const [rev, audit] = [await revision(), await auditCount()];
    const res = await admin.post<{ remotes: RegistryRemote[] }>('/v1/admin/remotes/publish', {
      changes: [
        { name: 'market', roles: ['Farmer', 'Admin'] },
        { name: 'legal', enabled: false },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.message).toBe('Changes published');
    expect(res.body.remotes.map((r) => [r.name, r.enabled, r.roles])).toEqual([
      ['legal', false, ['*']],
      ['market', true, ['Farmer', 'Admin']],
    ]);
    expect(await revision()).toBe(rev + 1);
    expect(await auditCount()).toBe(audit + 2);
    const remotes = await listed();
    expect(remotes.find((r) => r.name === 'market')?.roles).toEqual(['Farmer', 'Admin']);
    expect(remotes.find((r) => r.name === 'legal')?.enabled).toBe(false);
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(overview.body.audit.slice(0, 2).map((a) => [a.remote, a.action, a.actor?.name, a.after])).toEqual(
      expect.arrayContaining([
        ['market', 'roles', 'Asha Admin', { enabled: true, roles: ['Farmer', 'Admin'] }],
        ['legal', 'enabled', 'Asha Admin', { enabled: false, roles: ['*'] }],
      ]),
    );
    await admin.post('/v1/admin/remotes/publish', {
      changes: [
        { name: 'market', roles: ['*'] },
        { name: 'legal', enabled: true },
      ],
    });
  });

  it('changes nothing when one of the changes is refused, and refuses empty or repeated drafts', async () => {
    const [rev, audit] = [await revision(), await auditCount()];
    const unknown = await admin.post('/v1/admin/remotes/publish', {
      changes: [
        { name: 'market', roles: ['Buyer'] },
        { name: 'ghost', enabled: true },
      ],
    });
    expect([unknown.status, unknown.message]).toEqual([404, 'There is no remote called ghost.']);
    expect((await listed()).find((r) => r.name === 'market')?.roles).toEqual(['*']);
    expect((await admin.post('/v1/admin/remotes/publish', { changes: [] })).status).toBe(400);
    expect((await admin.post('/v1/admin/remotes/publish', { changes: [{ name: 'market' }] })).status).toBe(400);
    const twice = await admin.post('/v1/admin/remotes/publish', {
      changes: [
        { name: 'market', enabled: false },
        { name: 'market', enabled: true },
      ],
    });
    expect(twice.status).toBe(400);
    expect((await farmer.post('/v1/admin/remotes/publish', { changes: [{ name: 'market', roles: [] }] })).status).toBe(403);
    expect([await revision(), await auditCount()]).toEqual([rev, audit]);
  });

  it('changes nothing and bumps nothing when the drafts equal what is live', async () => {
    const [rev, audit] = [await revision(), await auditCount()];
    const res = await admin.post('/v1/admin/remotes/publish', { changes: [{ name: 'market', roles: ['*'], enabled: true }] });
    expect(res.status).toBe(200);
    expect([await revision(), await auditCount()]).toEqual([rev, audit]);
  });
});

describe('a remote never live', () => {
  const trial = (version: string) =>
    deployBody(version, {
      entry: `http://localhost:3008/v/${version}/remoteEntry.js`,
      mounts: [{ path: '/trial/*', layout: 'public' }],
      title: { en: 'Trial', sw: 'Jaribio' },
      description: { en: 'A test deploy', sw: 'Jaribio la kusambaza' },
      makeLive: false,
    });

  it('shows its human name, says it was never live, and is deleted with its versions by an Admin, audited', async () => {
    expect((await operator('POST', '/v1/deploys/trial', trial(hex(0x71)))).status).toBe(201);
    const overview = await admin.get<RegistryOverview>('/v1/admin/remotes');
    const remote = overview.body.remotes.find((r) => r.name === 'trial');
    expect(remote).toMatchObject({ live: null, everLive: false, title: { en: 'Trial', sw: 'Jaribio' } });
    expect(remote?.description).toEqual({ en: 'A test deploy', sw: 'Jaribio la kusambaza' });
    expect(overview.body.remotes.find((r) => r.name === 'market')?.everLive).toBe(true);

    expect((await farmer.del('/v1/admin/remotes/trial')).status).toBe(403);
    const res = await admin.del('/v1/admin/remotes/trial');
    expect([res.status, res.message]).toEqual([200, 'trial deleted']);
    const after = await admin.get<RegistryOverview>('/v1/admin/remotes');
    expect(after.body.remotes.map((r) => r.name)).not.toContain('trial');
    expect(after.body.audit[0]).toMatchObject({ remote: 'trial', action: 'delete', actor: { name: 'Asha Admin' }, after: null });
    expect(await t.db.selectFrom('remote_versions').select('version').where('remote', '=', 'trial').execute()).toEqual([]);
    expect((await admin.del('/v1/admin/remotes/trial')).status).toBe(404);
  });

  it('refuses to delete a remote that is or was live', async () => {
    const before = await auditCount();
    const live = await admin.del('/v1/admin/remotes/market');
    expect([live.status, live.message]).toEqual([409, 'market has been live, so it cannot be deleted; switch it off instead.']);
    // Once promoted, it stays.
    expect((await operator('POST', '/v1/deploys/trial', trial(hex(0x72)))).status).toBe(201);
    expect((await admin.post('/v1/admin/remotes/trial/promote', { version: hex(0x72) })).status).toBe(200);
    expect((await admin.del('/v1/admin/remotes/trial')).status).toBe(409);
    // The deploy and the promote; no delete.
    expect(await auditCount()).toBe(before + 2);
  });
});

describe('promote, rollout and rollback run the checks a deploy runs', () => {
  const lab = (version: string, over: object = {}) =>
    deployBody(version, {
      entry: `http://localhost:3009/v/${version}/remoteEntry.js`,
      mounts: [{ path: '/lab/*', layout: 'public' }],
      ...over,
    });
  const A = hex(0xa1);
  const B = hex(0xa2);
  const C = hex(0xa3);
  const D = hex(0xa4);

  /** Every refusal answers its reason and leaves the live version, the rollout and the audit as they were. */
  async function expectRefused(run: () => Promise<{ status: number; message: string }>, status: number, message: string) {
    const before = {
      live: await liveOf('lab'),
      audit: await auditCount(),
      rollout: await t.db.selectFrom('remote_rollouts').selectAll().execute(),
    };
    const res = await run();
    expect([res.status, res.message]).toEqual([status, message]);
    const after = {
      live: await liveOf('lab'),
      audit: await auditCount(),
      rollout: await t.db.selectFrom('remote_rollouts').selectAll().execute(),
    };
    expect(after).toEqual(before);
  }
  const viaOperator = async (method: string, url: string, payload?: object) => {
    const res = await operator(method, url, payload);
    return { status: res.status, message: res.envelope.header.customerMessage };
  };

  it('refuses a version whose mount another live remote now serves', async () => {
    expect((await operator('POST', '/v1/deploys/shell', { version: hex(80), provides: { react: '19.1.0' } })).status).toBe(200);
    expect((await operator('POST', '/v1/deploys/lab', lab(A))).status).toBe(201);
    // Recorded without going live; shop then takes /deals, which lab's live version does not serve.
    const deals = {
      mounts: [
        { path: '/lab/*', layout: 'public' },
        { path: '/deals', layout: 'public' },
      ],
    };
    expect((await operator('POST', '/v1/deploys/lab', lab(C, { ...deals, makeLive: false }))).status).toBe(201);
    const shop = {
      mounts: [
        { path: '/shop/*', layout: 'public' },
        { path: '/deals', layout: 'public' },
      ],
    };
    expect((await operator('POST', '/v1/deploys/shop', deployBody(hex(0x10), shop))).status).toBe(201);

    const reason = 'Refused: mount /deals is already served by shop.';
    await expectRefused(() => admin.post('/v1/admin/remotes/lab/promote', { version: C }), 409, reason);
    await expectRefused(() => admin.put('/v1/admin/remotes/lab/rollout', { version: C, role: 'Farmer', percent: 10 }), 409, reason);
    expect(await liveOf('lab')).toBe(A);
  });

  it('refuses a version whose entry origin is no longer allowed', async () => {
    // Recorded before REMOTE_ORIGINS was narrowed: written straight into the store.
    await t.db
      .insertInto('remote_versions')
      .values({
        remote: 'lab',
        version: D,
        entry: `https://evil.example/v/${D}/remoteEntry.js`,
        built_at: new Date(),
        size_bytes: 1,
        requires: JSON.stringify({}),
        mounts: JSON.stringify([{ path: '/lab/*', layout: 'public' }]),
        menu: JSON.stringify([]),
        registered_by: 'operator',
      })
      .execute();
    const reason = 'Refused: entry origin https://evil.example is not an allowed remote origin.';
    await expectRefused(() => admin.post('/v1/admin/remotes/lab/promote', { version: D }), 422, reason);
    await expectRefused(() => admin.put('/v1/admin/remotes/lab/rollout', { version: D, role: 'Buyer', percent: 20 }), 422, reason);
  });

  it('refuses to roll back or promote to a version needing shared versions the live shell no longer provides', async () => {
    expect((await operator('POST', '/v1/deploys/lab', lab(B, { requires: {} }))).status).toBe(201);
    expect(await liveOf('lab')).toBe(B);
    expect((await operator('POST', '/v1/deploys/shell', { version: hex(81), provides: { react: '18.3.1' } })).status).toBe(200);

    const reason = 'Refused: lab needs react ^19.0.0; the live shell provides 18.3.1.';
    await expectRefused(() => admin.post('/v1/admin/remotes/lab/rollback', {}), 409, reason);
    await expectRefused(() => viaOperator('POST', '/v1/deploys/lab/rollback'), 409, reason);
    await expectRefused(() => admin.post('/v1/admin/remotes/lab/promote', { version: A }), 409, reason);
    await expectRefused(() => admin.put('/v1/admin/remotes/lab/rollout', { version: A, role: 'Farmer', percent: 10 }), 409, reason);

    // Once the shell provides it again, the same rollback goes through.
    expect((await operator('POST', '/v1/deploys/shell', { version: hex(82), provides: { react: '19.1.0' } })).status).toBe(200);
    const back = await admin.post<RegistryRemote>('/v1/admin/remotes/lab/rollback', {});
    expect([back.status, back.body.live]).toEqual([200, A]);
  });
});

describe('the manifest cache', () => {
  it("sees another process's write once it re-reads the revision counter (at most every 2 s), and rebuilds only then", async () => {
    let clock = 0;
    const cache = createManifestCache(t.db, () => clock);
    const first = await cache.get();
    // Another API process switches legal off: its own transaction bumps the counter.
    await t.db.updateTable('remotes').set({ enabled: false }).where('name', '=', 'legal').execute();
    await bumpRevision(t.db);
    clock = 1_999;
    expect(await cache.get()).toBe(first);
    clock = 2_000;
    const second = await cache.get();
    expect(second.etag).not.toBe(first.etag);
    expect(second.manifest.remotes.find((r) => r.name === 'legal')?.enabled).toBe(false);
    clock = 10_000;
    expect(await cache.get()).toBe(second);
    await t.db.updateTable('remotes').set({ enabled: true }).where('name', '=', 'legal').execute();
    await bumpRevision(t.db);
  });
});
