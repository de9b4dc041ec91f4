import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SearchFilters, SearchRanking, SearchSort } from './repository';

/** What the API's thread asks the search thread (search-thread-worker.ts). `drop` and `dropAll` are not answered. */
export type SearchThreadRequest =
  | { type: 'rank'; id: number; filters: SearchFilters & { q: string }; sort: SearchSort; limit: number }
  | { type: 'exactCount'; id: number; q: string }
  | { type: 'close'; id: number }
  | { type: 'drop'; tags: readonly string[] }
  | { type: 'dropAll' };

export type SearchThreadAnswer =
  { id: number; value: unknown } | { id: number; failure: string } | { type: 'ready' } | { type: 'fatal'; failure: string };

type Asked = { type: 'rank'; filters: SearchFilters & { q: string }; sort: SearchSort; limit: number } | { type: 'exactCount'; q: string };

/**
 * The in-memory text search on a thread of its own (issue 43), for an API on PostgreSQL. A text nobody
 * searched before costs 2-35 ms of matching and ranking (similar names, relevance, every match
 * filtered and counted): on the API's thread that time held up every other request, a checkout's
 * included, and its index (every active product's words) made each of the thread's garbage
 * collections longer. Here the thread keeps the index and each text's matches; the API's thread
 * asks for a search's first places and counts (a few hundred ids) and passes on every change the
 * catalog cache hears, in order, so a search asked after a change sees it. The thread reads the
 * catalog through its own connections to the same database.
 *
 * When the thread cannot answer (it failed to start or stopped), its questions answer undefined and
 * the API's thread searches as it does without one (catalog service).
 */
export class SearchThread {
  /** Questions answered by every search thread of this process (tests tell a thread's answers from a fallback's). */
  static answered = 0;
  private readonly worker: Worker;
  private readonly pending = new Map<number, (value: unknown) => void>();
  private nextId = 1;
  private stopped = false;

  constructor(databaseUrl: string, options: { freshMs: number; staleMs: number }) {
    // Loaded by Node, not by the API's own loader: tsx reads the TypeScript (jest's transform does not reach a worker).
    this.worker = new Worker(path.join(__dirname, 'search-thread-worker.ts'), {
      workerData: { databaseUrl, ...options },
      execArgv: ['--import', 'tsx'],
    });
    this.worker.on('message', (answer: SearchThreadAnswer) => {
      if ('type' in answer) {
        if (answer.type === 'fatal') this.stop();
        return;
      }
      const resolve = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (!('failure' in answer)) SearchThread.answered += 1;
      resolve?.('failure' in answer ? undefined : answer.value);
    });
    this.worker.on('error', () => this.stop());
    this.worker.on('exit', () => this.stop());
  }

  /** A text's first `limit` places and its matches per category (null: too many matches to rank in memory). */
  rank(filters: SearchFilters & { q: string }, sort: SearchSort, limit: number): Promise<SearchRanking | null | undefined> {
    return this.ask({ type: 'rank', filters, sort, limit }) as Promise<SearchRanking | null | undefined>;
  }

  /** How many products the text matches as typed (null: more than the matches kept). */
  exactCount(q: string): Promise<number | null | undefined> {
    return this.ask({ type: 'exactCount', q }) as Promise<number | null | undefined>;
  }

  /** The catalog cache dropped these tags: the thread drops its matches carrying them and reads again the products they name. */
  dropTags(tags: readonly string[]): void {
    this.post({ type: 'drop', tags });
  }

  dropAll(): void {
    this.post({ type: 'dropAll' });
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.ask({ type: 'close' });
    this.stop();
    await this.worker.terminate();
  }

  private ask(asked: Asked | { type: 'close' }): Promise<unknown> {
    if (this.stopped) return Promise.resolve(undefined);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.post({ ...asked, id });
    });
  }

  private post(request: SearchThreadRequest): void {
    if (!this.stopped) this.worker.postMessage(request);
  }

  /** Every question waiting, and every later one, answers undefined. */
  private stop(): void {
    this.stopped = true;
    for (const resolve of this.pending.values()) resolve(undefined);
    this.pending.clear();
  }
}
