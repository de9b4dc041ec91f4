import { BACKOFF_CAP_MS, createRefreshScheduler, isTokenExpired, nextBackoff, refreshDelay, type RefreshOutcome } from './token-timing';

const MIN = 60_000;

describe('token timing', () => {
  it('refreshes 5 minutes before expiry, at once when already inside that window', () => {
    expect(refreshDelay(60 * MIN, 0)).toBe(55 * MIN);
    expect(refreshDelay(4 * MIN, 0)).toBe(0);
  });

  it('counts a token expired 30 s early', () => {
    expect(isTokenExpired(100_000, 69_999)).toBe(false);
    expect(isTokenExpired(100_000, 70_000)).toBe(true);
  });

  it('backs off from 30 s, doubling, capped at 960 s', () => {
    const waits: number[] = [];
    let b: number | null = null;
    for (let i = 0; i < 8; i += 1) {
      b = nextBackoff(b);
      waits.push(b / 1000);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
    expect(nextBackoff(BACKOFF_CAP_MS)).toBe(BACKOFF_CAP_MS);
  });
});

describe('refresh scheduler (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers({ now: 0 }));
  afterEach(() => jest.useRealTimers());

  function setup(outcomes: RefreshOutcome[]) {
    let expiry: number | null = 60 * MIN;
    const refresh = jest.fn(async (): Promise<RefreshOutcome> => {
      const outcome = outcomes.shift() ?? 'refreshed';
      if (outcome === 'refreshed') expiry = Date.now() + 60 * MIN;
      return outcome;
    });
    const scheduler = createRefreshScheduler({ expiresAt: () => expiry, refresh });
    return { scheduler, refresh, signOut: () => (expiry = null) };
  }

  it('fires 5 minutes before expiry and plans the next one from the new token', async () => {
    const { scheduler, refresh } = setup(['refreshed']);
    scheduler.schedule();
    await jest.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(refresh).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.pendingDelay).toBe(55 * MIN);
    scheduler.stop();
  });

  it('retries after network failures at 30 s, 60 s, 120 s … and resets after a success', async () => {
    const { scheduler, refresh } = setup(['network-error', 'network-error', 'network-error', 'refreshed']);
    scheduler.schedule();
    await jest.advanceTimersByTimeAsync(55 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduler.pendingDelay).toBe(30_000);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(scheduler.pendingDelay).toBe(60_000);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(scheduler.pendingDelay).toBe(120_000);
    await jest.advanceTimersByTimeAsync(120_000);
    expect(refresh).toHaveBeenCalledTimes(4);
    expect(scheduler.pendingDelay).toBe(55 * MIN);
    scheduler.stop();
  });

  it('caps the retry wait at 960 s', async () => {
    const { scheduler } = setup(Array<RefreshOutcome>(10).fill('network-error'));
    scheduler.schedule();
    await jest.advanceTimersByTimeAsync(55 * MIN);
    for (const wait of [30, 60, 120, 240, 480]) await jest.advanceTimersByTimeAsync(wait * 1000);
    expect(scheduler.pendingDelay).toBe(960_000);
    await jest.advanceTimersByTimeAsync(960_000);
    expect(scheduler.pendingDelay).toBe(960_000);
    scheduler.stop();
  });

  it('stops after a rejection and when signed out', async () => {
    const { scheduler, refresh, signOut } = setup(['rejected']);
    scheduler.schedule();
    await jest.advanceTimersByTimeAsync(55 * MIN);
    expect(scheduler.pendingDelay).toBeNull();
    await jest.advanceTimersByTimeAsync(120 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
    signOut();
    scheduler.schedule();
    expect(scheduler.pendingDelay).toBeNull();
  });
});
