import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/**
 * How long, in ms, this thread has waited for a core while ready to run, cumulative (Linux:
 * /proc/thread-self/schedstat, its second field, in ns); undefined where the kernel does not say.
 * On a busy machine a thread can be kept off the cores for 100 ms and more without doing anything
 * wrong: that time is the machine's, not a block of the event loop.
 */
export type WaitClock = () => number | undefined;

function schedstatWaitClock(): WaitClock {
  let fd: number | undefined;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => undefined;
  }
  const buffer = Buffer.alloc(128);
  return () => {
    try {
      const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
      const waitedNs = Number(buffer.toString('latin1', 0, length).split(' ')[1]);
      return Number.isFinite(waitedNs) ? waitedNs / 1e6 : undefined;
    } catch {
      return undefined;
    }
  };
}

let defaultWaitClock: WaitClock | undefined;

/**
 * Runs `work` and answers the longest time the event loop was held up meanwhile, in ms: a 1 ms timer
 * notes the gaps between its turns, less the time the thread spent waiting for a core in each gap
 * (see WaitClock). The test app runs in this process, so a request that blocks the API (a runaway
 * pattern, a deep walk, a synchronous wait) shows here, and a loaded machine does not. (monitorEventLoopDelay
 * drops the gap before its first tick, so it misses a block at the very start of a short request.)
 */
export async function eventLoopBlockDuring<T>(
  work: () => Promise<T>,
  { now = () => performance.now(), waited = (defaultWaitClock ??= schedstatWaitClock()) }: { now?: () => number; waited?: WaitClock } = {},
): Promise<{ result: T; blockedMs: number }> {
  let last = now();
  let lastWaited = waited();
  let worst = 0;
  const note = () => {
    const at = now();
    const waitedNow = waited();
    const gap = at - last;
    const offCore = waitedNow !== undefined && lastWaited !== undefined ? Math.max(0, waitedNow - lastWaited) : 0;
    worst = Math.max(worst, gap - Math.min(gap, offCore));
    last = at;
    lastWaited = waitedNow;
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
