import { performance } from 'node:perf_hooks';

/**
 * Runs `work` and answers the longest time the event loop was held up meanwhile, in ms: a 1 ms timer
 * notes the gaps between its turns. The test app runs in this process, so a request that blocks the
 * API (a runaway pattern, a deep walk) shows here. (monitorEventLoopDelay drops the gap before its
 * first tick, so it misses a block at the very start of a short request.)
 */
async function eventLoopBlockDuring<T>(work: () => Promise<T>): Promise<{ result: T; blockedMs: number }> {
  let last = performance.now();
  let worst = 0;
  const note = () => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  };
  const timer = setInterval(note, 1);
  try {
    const result = await work();
    note();
    return { result, blockedMs: worst };
  } finally {
    clearInterval(timer);
  }
}

/**
 * As eventLoopBlockDuring, but a run that blocks `limitMs` or more is repeated (up to three more
 * times) and the shortest block counts: a runaway computation blocks every time, a GC pause or a
 * busy machine does not. `work` must be safe to repeat (a refused request, a read).
 */
export async function repeatableBlockDuring<T>(
  work: () => Promise<T>,
  limitMs = 100,
): Promise<{ result: T; blockedMs: number; firstMs: number }> {
  const first = await eventLoopBlockDuring(work);
  let blockedMs = first.blockedMs;
  for (let attempt = 0; attempt < 3 && blockedMs >= limitMs; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    blockedMs = Math.min(blockedMs, (await eventLoopBlockDuring(work)).blockedMs);
  }
  return { result: first.result, blockedMs, firstMs: first.blockedMs };
}
