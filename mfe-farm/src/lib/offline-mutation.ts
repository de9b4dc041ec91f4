import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isPendingId, offlineWrite, pendingId, showOutboxInLists, type OfflineWriteKind } from '@shambasoko/shared/offline';
import { invalidate, type FarmResource } from './query-keys';

interface OfflineMutation<Input, Item> {
  kind: OfflineWriteKind;
  /** POST unless given. */
  method?: 'PATCH';
  path: (input: Input) => string;
  /** The input itself unless given. */
  body?: (input: Input) => object;
  /** A few words naming the write in the outbox. */
  label: (input: Input) => string;
  /** The record shown while the write waits (its id is set to a pending one); names may come from the cache. */
  pending: (input: Input, client: QueryClient) => Omit<Item, 'id'> & { id?: string };
  /** A creation: the farm lists its waiting record shows in, kept there across refetches until it is sent or discarded. */
  list?: FarmResource;
  /** A change: shows it in the cached lists while it waits. */
  show?: (client: QueryClient, item: Item, input: Input) => void;
  affects: readonly FarmResource[];
}

/**
 * A write that also works offline (issue 18): sent with an Idempotency-Key, or queued in the outbox
 * when there is no network, and shown at once in the cached lists. `networkMode: 'always'`: TanStack
 * Query would otherwise hold the mutation until the browser is online.
 */
export function useOfflineMutation<Input, Item extends { id: string }>(m: OfflineMutation<Input, Item>) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: Input): Promise<Item> => {
      const result = await offlineWrite<Item>({
        kind: m.kind,
        method: m.method ?? 'POST',
        path: m.path(input),
        body: (m.body ? m.body(input) : input) as Record<string, unknown>,
        label: m.label(input),
        ...(m.list ? { shown: { resource: m.list, record: m.pending(input, client) } } : {}),
      });
      return result.queued ? ({ ...m.pending(input, client), id: pendingId(result.item) } as Item) : result.value;
    },
    onSuccess: (item, input) => {
      if (!isPendingId(item.id)) invalidate(client, ...m.affects);
      else if (m.list) showOutboxInLists(client);
      else m.show?.(client, item, input);
    },
  });
}
