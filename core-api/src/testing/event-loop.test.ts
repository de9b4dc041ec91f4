import { eventLoopBlockDuring, repeatableBlockDuring } from './event-loop';

// The malformed-input sweeps fail a request that holds the event loop 100 ms or more. What counts
// is the API's own holding, not the time a loaded machine kept the thread off the cores.

/** Computes until this thread has had `ms` of CPU (wall time may be longer on a loaded machine). */
const busy = (ms: number) => {
  // This thread's CPU time where Node tells it (23.9+), else the process's.
  const usage = (process as NodeJS.Process & { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage ?? process.cpuUsage;
  const cpuMs = () => {
    const { user, system } = usage.call(process);
    return (user + system) / 1000;
  };
  const end = cpuMs() + ms;
  while (cpuMs() < end) {
    // spin
  }
};

describe('the event-loop block measure', () => {
  it('counts a synchronous computation', async () => {
    const { blockedMs } = await eventLoopBlockDuring(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      busy(150);
    });
    expect(blockedMs).toBeGreaterThanOrEqual(140);
  });

  it('counts a synchronous wait that uses no CPU', async () => {
    const { blockedMs } = await eventLoopBlockDuring(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
    });
    expect(blockedMs).toBeGreaterThanOrEqual(140);
  });

  it('leaves out the time the thread waited for a core', async () => {
    // A clock whose thread waited 120 ms for a core in a 130 ms gap: the loop was held up 10 ms.
    let t = 0;
    let waited = 0;
    const { blockedMs } = await eventLoopBlockDuring(
      async () => {
        t += 130;
        waited += 120;
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { now: () => t, waited: () => waited },
    );
    expect(blockedMs).toBe(10);
  });

  it('counts the whole gap where the kernel does not say how long the thread waited', async () => {
    let t = 0;
    const { blockedMs } = await eventLoopBlockDuring(
      async () => {
        t += 130;
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { now: () => t, waited: () => undefined },
    );
    expect(blockedMs).toBe(130);
  });

  it('reads the wait from the kernel on Linux', async () => {
    if (process.platform !== 'linux') return;
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('/proc/thread-self/schedstat', 'utf8')).toMatch(/^\d+ \d+ \d+/);
  });

  it('repeats a long block and keeps the shortest', async () => {
    let runs = 0;
    const { blockedMs, firstMs } = await repeatableBlockDuring(async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      busy(runs === 1 ? 150 : 5);
    });
    expect(runs).toBe(2);
    expect(firstMs).toBeGreaterThanOrEqual(140);
    expect(blockedMs).toBeLessThan(100);
  });
});
