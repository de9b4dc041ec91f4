/**
 * A small in-memory cache for public catalog answers. Entries live a few seconds at most and the
 * whole cache is dropped whenever stock, prices or reviews change through this process, so a
 * shopper never sees stale stock after their own order. Concurrent misses for one key share a
 * single load (the benchmark's 50 connections asking the same search hit the database once).
 */
export class CatalogCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    private readonly ttlMs = 3_000,
    private readonly maxEntries = 1_000,
  ) {}

  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > now) return hit.value as Promise<T>;
    if (this.ttlMs <= 0) return load();

    const value = load();
    // Oldest first in a Map: drop the oldest entry when full.
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(key);
    this.entries.set(key, { expires: now + this.ttlMs, value });
    // A failed load must not be served to the next caller.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
