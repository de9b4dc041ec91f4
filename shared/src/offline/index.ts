// @shambasoko/shared/offline: farm data kept for reading offline and writes queued until the network returns.
// Loaded after first paint by the pages that need it, never in a first chunk.
export { useT as useOfflineT } from './i18n';
export { lastSavedAt } from './saved-keys';
export {
  discardWrite,
  loadOutbox,
  outboxItems,
  queueWrite,
  replayOutbox,
  retryWrite,
  subscribeOutbox,
  type OfflineWriteKind,
  type OutboxItem,
} from './outbox';
export {
  dropPendingFromLists,
  fitsFilters,
  isPendingId,
  offlineWrite,
  patchInLists,
  pendingId,
  showOutboxInLists,
  syncStateOf,
  type OfflineWriteResult,
} from './offline-write';
export { requestBackgroundSync } from './offline-write';
export { SAVED_DATA_WAIT_MS, savedDataRestored, startOfflineSupport } from './start';
export { markSavedData } from '../page/saved-mark';
