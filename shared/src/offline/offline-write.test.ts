import { QueryClient } from '@tanstack/react-query';
import { ApiError, request } from '@shambasoko/shared';
import { dropPendingFromLists, keepOutboxInLists, offlineWrite, showOutboxInLists, syncStateOf } from './offline-write';
import { discardWrite, loadOutbox, queueWrite, replayOutbox, type OutboxItem } from './outbox';

jest.mock('@shambasoko/shared', () => ({ ...jest.requireActual('@shambasoko/shared'), request: jest.fn() }));

const stored = new Map<string, unknown>();
jest.mock('./storage', () => ({
  accountKey: (kind: string, uid: string) => `${kind}:${uid}`,
  readValue: async (key: string) => stored.get(key),
  writeValue: async (key: string, value: unknown) => void stored.set(key, value),
}));

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  id: 'a1',
  kind: 'cost.create',
  method: 'POST',
  path: '/v1/costs',
  body: {},
  label: 'Fuel',
  createdAt: 0,
  state: 'waiting',
  ...over,
});

describe('where a listed record stands in the outbox', () => {
  const status = item({ id: 's1', kind: 'activity.status', method: 'PATCH', path: '/v1/activities/act-7' });

  it('marks a record created offline, and one with a queued change, as waiting', () => {
    expect(syncStateOf([item({})], 'pending-a1')).toBe('waiting');
    expect(syncStateOf([status], 'act-7')).toBe('waiting');
  });

  it('says when the server refused the write, and nothing for records with no queued write', () => {
    expect(syncStateOf([item({ state: 'refused' })], 'pending-a1')).toBe('refused');
    expect(syncStateOf([status, { ...status, id: 's2', state: 'refused' }], 'act-7')).toBe('refused');
    expect(syncStateOf([item({}), status], 'act-77')).toBeNull();
    expect(syncStateOf([item({}), status], 'pending-a2')).toBeNull();
    expect(syncStateOf([], 'act-7')).toBeNull();
  });
});

describe('a queued record shown in the cached lists', () => {
  it('goes only into the lists whose filters it meets, the category included', async () => {
    stored.clear();
    await loadOutbox('farmer-a');
    await queueWrite({ ...item({}), shown: { resource: 'costs', record: { farmId: 'f1', category: 'Fuel' } } });
    const client = new QueryClient();
    const page = { items: [], total: 0 };
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f1', category: 'Fuel' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f1', category: 'Labor' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f2' }], page);
    client.setQueryData(['farm', 'activities', { farmId: 'f1' }], page);
    showOutboxInLists(client);
    const totals = client
      .getQueryCache()
      .findAll({ queryKey: ['farm', 'costs'] })
      .map((q) => [q.queryKey[2], (q.state.data as { total: number }).total]);
    expect(totals).toEqual([
      [{ farmId: 'f1' }, 1],
      [{ farmId: 'f1', category: 'Fuel' }, 1],
      [{ farmId: 'f1', category: 'Labor' }, 0],
      [{ farmId: 'f2' }, 0],
    ]);
    expect(client.getQueryData(['farm', 'activities', { farmId: 'f1' }])).toEqual(page);
    // Once is enough: showing again adds nothing.
    showOutboxInLists(client);
    expect(client.getQueryData(['farm', 'costs', { farmId: 'f1' }])).toMatchObject({ total: 1 });
    await loadOutbox(null);
  });
});

describe('queued new records across a refetch of the lists', () => {
  const fuel = { farmId: 'f1', category: 'Fuel', amount: 700 };
  const ids = (client: QueryClient, key: unknown[]) =>
    (client.getQueryData(key) as { items: Array<{ id: string }> }).items.map((i) => i.id);

  beforeEach(async () => {
    stored.clear();
    await loadOutbox(null);
    await loadOutbox('farmer-a');
  });

  it('keeps a waiting or refused creation listed where it fits, once, until it is discarded', async () => {
    const client = new QueryClient();
    const stop = keepOutboxInLists(client);
    const queued = await queueWrite({ ...item({ id: 'q1' }), shown: { resource: 'costs', record: fuel } });
    await queueWrite({ ...item({ id: 'q2', kind: 'activity.status', method: 'PATCH' }) });
    // What a refetch brings: the server's rows, without the queued one.
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], { items: [{ id: 'c9' }], total: 1 });
    client.setQueryData(['farm', 'costs', { farmId: 'f2' }], { items: [{ id: 'c8' }], total: 1 });
    client.setQueryData(['farm', 'activities', { farmId: 'f1' }], { items: [], total: 0 });
    expect(ids(client, ['farm', 'costs', { farmId: 'f1' }])).toEqual(['pending-q1', 'c9']);
    expect(client.getQueryData(['farm', 'costs', { farmId: 'f1' }])).toMatchObject({
      total: 2,
      items: [{ ...fuel, id: 'pending-q1' }, { id: 'c9' }],
    });
    expect(ids(client, ['farm', 'costs', { farmId: 'f2' }])).toEqual(['c8']);
    expect(ids(client, ['farm', 'activities', { farmId: 'f1' }])).toEqual([]);
    // A second refetch adds it no second time.
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], { items: [{ id: 'pending-q1' }, { id: 'c9' }], total: 2 });
    expect(ids(client, ['farm', 'costs', { farmId: 'f1' }])).toEqual(['pending-q1', 'c9']);

    await discardWrite(queued.id);
    dropPendingFromLists(client, queued);
    expect(client.getQueryData(['farm', 'costs', { farmId: 'f1' }])).toEqual({ items: [{ id: 'c9' }], total: 1 });
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], { items: [{ id: 'c9' }], total: 1 });
    expect(ids(client, ['farm', 'costs', { farmId: 'f1' }])).toEqual(['c9']);

    stop();
    await queueWrite({ ...item({ id: 'q3' }), shown: { resource: 'costs', record: fuel } });
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], { items: [], total: 0 });
    expect(ids(client, ['farm', 'costs', { farmId: 'f1' }])).toEqual([]);
  });
});

describe('a write whose first send was lost', () => {
  it('is replayed with the same key, path and body, as the server binds a key to its request', async () => {
    stored.clear();
    await loadOutbox(null);
    await loadOutbox('farmer-a');
    const send = jest.mocked(request);
    send.mockReset();
    send.mockRejectedValueOnce(new ApiError(0, 'unreachable')).mockResolvedValueOnce({ id: 'c1' });
    const body = { farmId: 'f1', category: 'Fuel', amount: 700 };
    const result = await offlineWrite({ kind: 'cost.create', method: 'POST', path: '/v1/costs', body, label: 'Fuel' });
    expect(result.queued).toBe(true);
    await replayOutbox();
    expect(send).toHaveBeenCalledTimes(2);
    const [first, replay] = send.mock.calls;
    expect(replay).toEqual(first);
    expect(replay).toEqual(['POST', '/v1/costs', { body, headers: { 'Idempotency-Key': expect.any(String) } }]);
    await loadOutbox(null);
  });
});
