import { useSyncExternalStore } from 'react';
import { fitsFilters, outboxItems, subscribeOutbox, type OutboxItem } from '@shambasoko/shared/offline';

export interface QueuedCosts {
  /** Entries still waiting to be sent. */
  waiting: number;
  /** Entries the server refused, still listed (marked "Needs attention") until retried or discarded. */
  refused: number;
  /** Every queued entry that is listed: waiting, and refused ones the lists still show. */
  count: number;
  amount: number;
  /** Amount per budget category, for the budget's lines. */
  byCategory: ReadonlyMap<string, number>;
}

/**
 * The costs added offline that the farm lists show for `filters`: they count in totals, the budget and
 * the dashboard like the rest, so the figures add up to the rows. A sent one has left the outbox before
 * the lists and totals are fetched again, so it is never counted twice.
 */
function queuedCosts(items: readonly OutboxItem[], filters: Record<string, unknown> = {}): QueuedCosts {
  const costs = items.filter(
    (i) =>
      i.kind === 'cost.create' &&
      (i.state === 'waiting' || i.shown !== undefined) &&
      fitsFilters(filters, { ...i.body, category: i.body.budgetCategory }),
  );
  const byCategory = new Map<string, number>();
  let amount = 0;
  for (const item of costs) {
    const value = Number(item.body.amount) || 0;
    amount += value;
    const category = String(item.body.budgetCategory ?? '');
    byCategory.set(category, (byCategory.get(category) ?? 0) + value);
  }
  const waiting = costs.filter((i) => i.state === 'waiting').length;
  return { waiting, refused: costs.length - waiting, count: costs.length, amount, byCategory };
}

/** queuedCosts() of the signed-in account's outbox, re-rendering as it changes. */
export function useQueuedCosts(filters: Record<string, unknown> = {}): QueuedCosts {
  return queuedCosts(useSyncExternalStore(subscribeOutbox, outboxItems), filters);
}
