import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { narrowFromSaved, useSavedNarrowing } from './saved-narrowing';

const rows = [
  { id: 'a1', farmId: 'f1', fieldId: 'north', status: 'Pending' },
  { id: 'a2', farmId: 'f1', fieldId: 'south', status: 'Completed' },
  { id: 'a3', farmId: 'f1', fieldId: 'north', status: 'Completed' },
];

function clientWith(filters: Record<string, unknown>, items = rows) {
  const client = new QueryClient();
  client.setQueryData(['farm', 'activities', filters], { items, total: items.length, page: 1 });
  return client;
}

describe('a farm list narrowed from a saved one', () => {
  it('keeps the saved rows that match the filters the saved list did not have', () => {
    const client = clientWith({ farmId: 'f1', page: 1 });
    expect(narrowFromSaved(client, 'activities', { farmId: 'f1', fieldId: 'north', page: 1 })).toEqual({
      items: [rows[0], rows[2]],
      total: 2,
      page: 1,
    });
    expect(narrowFromSaved(client, 'activities', { farmId: 'f1', fieldId: 'north', status: 'Completed' })?.items).toEqual([rows[2]]);
    // '' and absent both mean "all".
    expect(narrowFromSaved(clientWith({ farmId: 'f1', fieldId: '' }), 'activities', { farmId: 'f1', fieldId: 'south' })?.items).toEqual([
      rows[1],
    ]);
  });

  it('cannot serve another farm, another page, a search, or another resource', () => {
    const client = clientWith({ farmId: 'f1', page: 1 });
    expect(narrowFromSaved(client, 'activities', { farmId: 'f2', fieldId: 'north' })).toBeUndefined();
    expect(narrowFromSaved(client, 'activities', { farmId: 'f1', fieldId: 'north', page: 2 })).toBeUndefined();
    expect(narrowFromSaved(clientWith({ farmId: 'f1', page: 2 }), 'activities', { farmId: 'f1', fieldId: 'north' })).toBeUndefined();
    expect(narrowFromSaved(client, 'activities', { farmId: 'f1', q: 'weed' })).toBeUndefined();
    expect(narrowFromSaved(client, 'costs', { farmId: 'f1', fieldId: 'north' })).toBeUndefined();
  });
});

describe('a smaller first page from a larger saved one', () => {
  const farms = Array.from({ length: 12 }, (_, i) => ({ id: `f${i}`, status: i % 3 === 0 ? 'inactive' : 'active' }));
  const saved = () => {
    const client = new QueryClient();
    // What the dashboard saves: the caller's first 100 farms by name.
    client.setQueryData(['farm', 'farms', { pageSize: 100, sort: 'name' }], { items: farms, total: 12, page: 1, pageSize: 100 });
    return client;
  };

  it("serves the Farms list's first page of 10 from the dashboard's 100, with the whole total", () => {
    const page = narrowFromSaved(saved(), 'farms', { search: undefined, status: undefined, page: 1, pageSize: 10, sort: 'name' });
    expect(page?.items.map((f) => f.id)).toEqual(farms.slice(0, 10).map((f) => f.id));
    expect(page).toMatchObject({ total: 12, pageSize: 10 });
  });

  it('narrows it by status too, but serves neither a later page, another order nor a larger page', () => {
    expect(narrowFromSaved(saved(), 'farms', { status: 'inactive', page: 1, pageSize: 10, sort: 'name' })?.items).toHaveLength(4);
    expect(narrowFromSaved(saved(), 'farms', { page: 2, pageSize: 10, sort: 'name' })).toBeUndefined();
    expect(narrowFromSaved(saved(), 'farms', { page: 1, pageSize: 10, sort: '-name' })).toBeUndefined();
    expect(narrowFromSaved(saved(), 'farms', { page: 1, pageSize: 200, sort: 'name' })).toBeUndefined();
  });
});

describe('the placeholder of a farm list', () => {
  const previous = { items: rows, total: 3 };
  const run = (online: boolean) => {
    const client = clientWith({ farmId: 'f1' });
    onlineManager.setOnline(online);
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useSavedNarrowing<typeof previous>('activities', { farmId: 'f1', fieldId: 'south' }), { wrapper });
    return result.current(previous);
  };
  afterEach(() => onlineManager.setOnline(true));

  it('is the previous list online, while the next one loads', () => {
    expect(run(true)).toBe(previous);
  });

  it('is the saved list narrowed to the new filters offline', () => {
    expect(run(false)).toMatchObject({ items: [rows[1]], total: 1 });
  });
});
