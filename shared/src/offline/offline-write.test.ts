import { QueryClient } from '@tanstack/react-query';
import { addPendingToLists, syncStateOf } from './offline-write';
import type { OutboxItem } from './outbox';

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
  it('goes only into the lists whose filters it meets, the category included', () => {
    const client = new QueryClient();
    const page = { items: [], total: 0 };
    client.setQueryData(['farm', 'costs', { farmId: 'f1' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f1', category: 'Fuel' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f1', category: 'Labor' }], page);
    client.setQueryData(['farm', 'costs', { farmId: 'f2' }], page);
    addPendingToLists(client, 'costs', { id: 'pending-a1', farmId: 'f1', category: 'Fuel' });
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
  });
});
