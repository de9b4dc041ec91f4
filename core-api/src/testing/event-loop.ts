import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Runs `work` and answers the longest time the event loop was held up meanwhile, in ms. The test app
 * runs in this process, so a request that blocks the API (a runaway pattern, a deep walk) shows here.
 */
export async function eventLoopBlockDuring<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await work();
    // One more turn, so a timer held up by the last synchronous stretch gets to record it.
    await new Promise((resolve) => setImmediate(resolve));
    return { result, blockedMs: histogram.count === 0 ? 0 : histogram.max / 1e6 };
  } finally {
    histogram.disable();
  }
}
