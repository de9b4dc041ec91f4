/** What a loader answers: the value and the tags that say which changes make it wrong. */
export interface Loaded<T> {
  value: T;
  tags: readonly string[];
}

export interface TaggedCacheOptions {
  /** An entry is fresh about this long (±25 %): served as it is. */
  freshMs: number;
  /** After freshMs, an entry is still served this long while one request refreshes it behind. */
  staleMs: number;
  maxEntries: number;
  /**
   * Keeps a new key's value only when the key was loaded once before, among roughly the last
   * maxEntries new keys (a doorkeeper, as in TinyLFU): answers asked for once (a one-off search URL)
   * then neither cost the storing and evicting nor push out the answers people ask for again.
   */
  secondLoadOnly?: boolean;
  /** Background refreshes running at once (default 2); a loader that reads many keys in one statement can take more. */
  maxRefreshes?: number;
}

interface Entry<T> {
  value: T;
  tags: readonly string[];
  freshUntil: number;
  staleUntil: number;
  reload: () => Promise<Loaded<T>>;
  /** Read since it was stored or last passed over by eviction (the second chance of CLOCK). */
  used: boolean;
}

interface Flight<T> {
  promise: Promise<Loaded<T>>;
  /** The invalidation epoch when the load began: changes after it may be missing from its answer. */
  epoch: number;
}

/** One invalidation: either some tags or everything. */
type Invalidation = { epoch: number; tags: ReadonlySet<string> } | { epoch: number; all: true };

const INVALIDATION_LOG = 512;
/** Background refreshes running at once, per cache, unless the options say otherwise. */
const MAX_REFRESHES = 2;

/**
 * In-memory cache with tags, single-flight loads, stale-while-revalidate and a size bound: eviction
 * takes the oldest entry not read since it was stored or last passed over (second chance, close to
 * LRU without moving an entry on every hit).
 *
 * Invalidation is by tag (e.g. "p:<product id>", "instock") and deletes at once. A load that was
 * already running when an invalidation it is concerned by happened (it read the database before the
 * change) is not stored, and callers who joined it after the change load again: so once
 * `invalidate` returns, no one is answered from data older than the change.
 */
export class TaggedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly flights = new Map<string, Flight<T>>();
  /** secondLoadOnly: keys loaded once and not kept. */
  private readonly loadedOnce = new Set<string>();
  private readonly log: Invalidation[] = [];
  private epoch = 0;
  private refreshing = 0;

  constructor(
    private readonly options: TaggedCacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached value for `key` (fresh or stale, refreshing a stale one behind), or undefined. */
  peek(key: string): T | undefined {
    return this.peekAt(key, this.now());
  }

  /** `peek` of each key, in order, at one reading of the clock. */
  peekAll(keys: readonly string[]): (T | undefined)[] {
    const now = this.now();
    return keys.map((key) => this.peekAt(key, now));
  }

  private peekAt(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.staleUntil <= now) {
      this.drop(key);
      return undefined;
    }
    entry.used = true;
    if (entry.freshUntil <= now && !this.flights.has(key) && this.refreshing < (this.options.maxRefreshes ?? MAX_REFRESHES)) {
      // A few at a time: many answers going stale together must not take the database (and the
      // CPU the hits need) all at once; the others stay stale until a later request. Errors keep
      // the stale entry until it expires; the next request after that loads in the open.
      this.refreshing += 1;
      const done = () => {
        this.refreshing -= 1;
      };
      this.load(key, entry.reload).promise.then(done, done);
    }
    return entry.value;
  }

  async getOrLoad(key: string, loader: () => Promise<Loaded<T>>): Promise<T> {
    const cached = this.peek(key);
    if (cached !== undefined) return cached;
    if (this.options.freshMs <= 0) return (await loader()).value;

    const flight = this.flights.get(key);
    if (flight === undefined) return (await this.load(key, loader).promise).value;
    const joinedAt = this.epoch;
    const loaded = await flight.promise;
    // The shared load began before a change this caller must see: load again.
    if (joinedAt > flight.epoch && this.changedSince(flight.epoch, loaded.tags)) return this.getOrLoad(key, loader);
    return loaded.value;
  }

  /** The invalidation epoch now: read it before a load whose result goes to `put`. */
  get currentEpoch(): number {
    return this.epoch;
  }

  /** Whether `key` has an entry (fresh or stale), without counting as a read. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /**
   * Stores a value loaded outside `getOrLoad` (a batch of keys read in one query) unless a change
   * after `epoch` concerns its tags: the same rule as a load of `getOrLoad`.
   */
  put(key: string, loaded: Loaded<T>, epoch: number, reload: () => Promise<Loaded<T>>): void {
    if (this.options.freshMs <= 0 || this.changedSince(epoch, loaded.tags) || !this.admits(key)) return;
    this.store(key, loaded, reload);
  }

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: Iterable<string>): void {
    const set = new Set(tags);
    if (set.size === 0) return;
    this.record({ epoch: ++this.epoch, tags: set });
    for (const tag of set) {
      for (const key of [...(this.byTag.get(tag) ?? [])]) this.drop(key);
    }
  }

  clear(): void {
    this.record({ epoch: ++this.epoch, all: true });
    // Kept keys were asked for twice already: their next loads are kept at once, as after `invalidate`.
    const kept = this.options.secondLoadOnly ? [...this.entries.keys()] : [];
    this.entries.clear();
    this.byTag.clear();
    this.loadedOnce.clear();
    for (const key of kept) this.loadedOnce.add(key);
  }

  private load(key: string, loader: () => Promise<Loaded<T>>): Flight<T> {
    const epoch = this.epoch;
    const promise = loader();
    const flight: Flight<T> = { promise, epoch };
    this.flights.set(key, flight);
    promise.then(
      (loaded) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        if (!this.changedSince(epoch, loaded.tags) && this.admits(key)) this.store(key, loaded, loader);
      },
      () => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      },
    );
    return flight;
  }

  /** secondLoadOnly: whether a load of `key` may be stored (a refresh always may). */
  private admits(key: string): boolean {
    if (!this.options.secondLoadOnly || this.entries.has(key) || this.loadedOnce.delete(key)) return true;
    this.rememberLoad(key);
    return false;
  }

  /** A bounded memory of loads not kept: emptied when full, as a doorkeeper is reset. */
  private rememberLoad(key: string): void {
    if (this.loadedOnce.size >= this.options.maxEntries) this.loadedOnce.clear();
    this.loadedOnce.add(key);
  }

  /**
   * Removes an entry that was wrong or expired, not crowded out: its key was asked for again after
   * its first load, so its next load is kept at once.
   */
  private drop(key: string): void {
    if (this.options.secondLoadOnly && this.entries.has(key)) this.rememberLoad(key);
    this.remove(key);
  }

  private store(key: string, loaded: Loaded<T>, reload: () => Promise<Loaded<T>>): void {
    this.remove(key);
    while (this.entries.size >= this.options.maxEntries && this.evictOne());
    // ±25 %: answers loaded together (a warm-up, a restart) must not all go stale in the same instant.
    const freshUntil = this.now() + this.options.freshMs * (0.75 + Math.random() * 0.5);
    this.entries.set(key, {
      value: loaded.value,
      tags: loaded.tags,
      freshUntil,
      staleUntil: freshUntil + this.options.staleMs,
      reload,
      used: false,
    });
    for (const tag of loaded.tags) {
      let keys = this.byTag.get(tag);
      if (keys === undefined) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /**
   * Drops the oldest entry not read since it was stored or last passed over; one read since is
   * moved to the end, unread again. Each entry is passed over at most once a round, so eviction
   * costs O(1) amortised and a hit costs no Map move.
   */
  private evictOne(): boolean {
    for (const [key, entry] of this.entries) {
      if (!entry.used) {
        this.remove(key);
        return true;
      }
      entry.used = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return false;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private record(invalidation: Invalidation): void {
    this.log.push(invalidation);
    if (this.log.length > INVALIDATION_LOG) this.log.splice(0, this.log.length - INVALIDATION_LOG);
  }

  /** Whether an invalidation after `epoch` concerns an answer with these tags. */
  private changedSince(epoch: number, tags: readonly string[]): boolean {
    if (epoch === this.epoch) return false;
    const first = this.log[0];
    // The log no longer reaches back that far: assume the worst.
    if (first === undefined || first.epoch > epoch + 1) return true;
    for (const change of this.log) {
      if (change.epoch <= epoch) continue;
      if ('all' in change) return true;
      if (tags.some((tag) => change.tags.has(tag))) return true;
    }
    return false;
  }
}
