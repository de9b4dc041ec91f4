import { ApiError } from '../../http/envelope';

/**
 * A fixed-window counter per key, in memory. Enough for one API process; several processes behind
 * a load balancer would each allow the limit (document, don't pretend otherwise).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`; throws 429 once the key has used up its window. */
  hit(key: string): void {
    const now = this.now();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      this.windows.set(key, { start: now, count: 1 });
      if (this.windows.size > 10_000) this.prune(now);
      return;
    }
    current.count += 1;
    if (current.count > this.limit) throw new ApiError(429, 'Too many attempts. Please wait a minute and try again.');
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
