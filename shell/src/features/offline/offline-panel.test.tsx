import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { OutboxItem } from '@shambasoko/shared/offline';
import OfflinePanel from './offline-panel';

// The outbox, as the offline support publishes it.
let items: OutboxItem[] = [];
const listeners = new Set<() => void>();
const publish = (next: OutboxItem[]) => {
  items = next;
  for (const listener of listeners) listener();
};
jest.mock('@shambasoko/shared/offline', () => ({
  lastSavedAt: () => null,
  outboxItems: () => items,
  startOfflineSupport: () => ({ restored: () => Promise.resolve(), stop: () => undefined }),
  subscribeOutbox: (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  useOfflineT: () => (key: string, values?: { count?: number }) => `${key}:${values?.count ?? ''}`,
}));

// The list of waiting changes: loaded on demand, and refused while `unreachable` (offline, no worker yet).
let unreachable = false;
const cornerLoaded = jest.fn();
jest.mock('./outbox-corner', () => {
  if (unreachable) throw new Error('Loading chunk failed');
  cornerLoaded();
  return { __esModule: true, default: () => <button type="button">waiting changes</button> };
});

const waiting = (id: string): OutboxItem => ({
  id,
  kind: 'cost.create',
  method: 'POST',
  path: '/v1/costs',
  body: {},
  label: id,
  createdAt: 0,
  state: 'waiting',
});
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

test('the list of waiting changes loads with the first one, and a plain count stands in while it cannot load', async () => {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OfflinePanel remotes={null} />
    </QueryClientProvider>,
  );
  await settle();
  // Nothing waits: the list's code is not loaded.
  expect(cornerLoaded).not.toHaveBeenCalled();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  // A change is queued offline, before the service worker kept the list's code: the count shows.
  unreachable = true;
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => void window.dispatchEvent(new Event('offline')));
  act(() => publish([waiting('a'), waiting('b')]));
  await settle();
  expect(screen.getByRole('status', { name: 'outbox.badge:2' })).toHaveTextContent('2');
  expect(cornerLoaded).not.toHaveBeenCalled();

  // The connection returns: the list loads in its place.
  unreachable = false;
  onLine.mockReturnValue(true);
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByRole('button', { name: 'waiting changes' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(cornerLoaded).toHaveBeenCalledTimes(1);
});
