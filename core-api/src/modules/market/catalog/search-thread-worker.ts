// The in-memory text search (text-index.ts, text-ranking.ts) on a thread of its own (issue 43; see
// search-thread.ts). Loaded by Node itself with tsx's loader, outside jest's module registry.
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PRODUCT_CATEGORIES } from '@shambasoko/contracts';
import { TaggedCache } from '../../../cache/tagged-cache';
import { openDatabase } from '../../../db/database';
import { indexedIds } from './cache';
import { TextIndex } from './text-index';
import { type TextMatches, rankMatches } from './text-ranking';
import { textMatches } from './text-search';
import type { SearchThreadAnswer, SearchThreadRequest } from './search-thread';

const { databaseUrl, freshMs, staleMs } = workerData as { databaseUrl: string; freshMs: number; staleMs: number };
const port = parentPort;
if (port === null) throw new Error('search-thread-worker.ts runs as a worker thread');

const index = new TextIndex();
// A broad text keeps a few MB of rows: few entries (as the catalog cache keeps them in-thread).
const kept = new TaggedCache<TextMatches | null>({ freshMs, staleMs, maxEntries: 32 });
// A few connections: its catalog reads run one after another, and a new text asks one statement (the
// API's own pools keep their ten each, so several API processes stay within the server's limit).
const opening = openDatabase({ dataDir: os.tmpdir(), databaseUrl, maxConnections: 3 });

async function answer(request: Exclude<SearchThreadRequest, { type: 'drop' } | { type: 'dropAll' }>): Promise<unknown> {
  const handle = await opening;
  switch (request.type) {
    case 'rank': {
      const matches = await textMatches(handle.db, kept, index, request.filters.q, request.filters.typos === true);
      return matches === null ? null : rankMatches(matches, request.filters, request.sort, PRODUCT_CATEGORIES, request.limit);
    }
    case 'exactCount': {
      const matches = await textMatches(handle.db, kept, index, request.q, false);
      return matches === null ? null : matches.rows.length;
    }
    case 'close':
      await index.settled();
      await handle.close();
      return null;
  }
}

port.on('message', (request: SearchThreadRequest) => {
  if (request.type === 'drop') {
    kept.invalidate(request.tags);
    const indexed = indexedIds(request.tags);
    if (indexed.length > 0) index.changed(indexed);
    return;
  }
  if (request.type === 'dropAll') {
    kept.clear();
    index.changedAll();
    return;
  }
  answer(request).then(
    (value) => port.postMessage({ id: request.id, value } satisfies SearchThreadAnswer),
    (error: unknown) =>
      port.postMessage({ id: request.id, failure: error instanceof Error ? error.message : String(error) } satisfies SearchThreadAnswer),
  );
});
// Read the catalog before the first search needs it.
opening.then(
  (handle) => {
    void index.ready(handle.db);
    port.postMessage({ type: 'ready' } satisfies SearchThreadAnswer);
  },
  (error: unknown) =>
    port.postMessage({ type: 'fatal', failure: error instanceof Error ? error.message : String(error) } satisfies SearchThreadAnswer),
);
