// Why Lighthouse's simulated LCP is what it is (`bench:lighthouse -- --why`): re-runs Lantern, the
// simulator behind the mobile preset's figures, on a run's trace and network log, and writes for the
// optimistic and the pessimistic graph (LCP is their mean) the chain of nodes that ends last, then
// every request in the graph with how it was served. Worth knowing when reading it:
// - a request is in the graph only if it ended before the observed largest paint, so a request that
//   finishes after it costs the simulated LCP nothing;
// - an answer from the HTTP cache or the service worker's caches (Chrome marks both `fromDiskCache`)
//   costs ~8 ms; anything else is simulated over the network, 150 ms per round trip, and a connection
//   not used before in the run costs a handshake more;
// - CPU time is multiplied by 4, and at equal readiness a Low-priority request waits 1 s of start
//   position behind High ones for one of the origin's six connections.
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';

const label = (node) => {
  if (node.type === 'network') {
    const r = node.request;
    const u = r.url.replace(/^https?:\/\/localhost:/, ':');
    const via = [r.timing?.workerStart > 0 && 'worker', r.fromDiskCache && 'disk cache', r.fromMemoryCache && 'memory cache']
      .filter(Boolean)
      .join(', ');
    return `net ${u.length > 80 ? `${u.slice(0, 77)}...` : u} ${r.transferSize} B${via ? ` (${via})` : ''} ${r.priority ?? ''}`;
  }
  const names = new Map();
  for (const e of node.childEvents ?? []) {
    const n = e.name === 'EvaluateScript' || e.name === 'v8.compile' ? `${e.name} ${(e.args?.data?.url ?? '').split('/').pop()}` : e.name;
    names.set(n, (names.get(n) ?? 0) + (e.dur ?? 0));
  }
  const top = [...names]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([n, d]) => `${n} ${Math.round(d / 1000)}ms`);
  return `cpu observed ${Math.round((node.event?.dur ?? 0) / 1000)}ms [${top.join(', ')}]`;
};

/** What Lighthouse's Lantern metrics are computed from, for a run's artifacts. */
export const lanternInput = (artifacts, settings) => ({
  trace: artifacts.Trace,
  devtoolsLog: artifacts.DevtoolsLog,
  gatherContext: artifacts.GatherContext,
  settings,
  URL: artifacts.URL,
  simulator: null,
});

/** `context`: Lighthouse's cache of computed artifacts, e.g. one whose graph lantern-what-if.mjs changed. */
export async function explainLcp(artifacts, settings, context = { computedCache: new Map(), settings }) {
  const r = await LanternLargestContentfulPaint.request(lanternInput(artifacts, settings), context);
  const out = [
    `LCP ${Math.round(r.timing)} ms = mean of optimistic ${Math.round(r.optimisticEstimate.timeInMs)} and pessimistic ${Math.round(r.pessimisticEstimate.timeInMs)}`,
  ];
  for (const [name, est] of [
    ['optimistic', r.optimisticEstimate],
    ['pessimistic', r.pessimisticEstimate],
  ]) {
    const timings = est.nodeTimings;
    let last;
    for (const [node, t] of timings) if (!last || t.endTime > timings.get(last).endTime) last = node;
    const chain = [];
    for (let node = last; node;) {
      chain.push(node);
      let dep;
      for (const d of node.getDependencies()) if (timings.has(d) && (!dep || timings.get(d).endTime > timings.get(dep).endTime)) dep = d;
      node = dep;
    }
    out.push(`\n${name}: ${timings.size} nodes, ends at ${Math.round(est.timeInMs)} ms; the chain that ends last:`);
    for (const node of chain.reverse()) {
      const t = timings.get(node);
      out.push(`  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${label(node)}`);
    }
  }
  out.push('\nevery request in the optimistic graph (simulated start–end, observed start–end, in ms):');
  const nets = [...r.optimisticEstimate.nodeTimings].filter(([n]) => n.type === 'network').sort((a, b) => a[1].startTime - b[1].startTime);
  const t0 = nets[0]?.[0].request.networkRequestTime ?? 0;
  for (const [node, t] of nets) {
    const q = node.request;
    out.push(
      `  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} (${Math.round(q.networkRequestTime - t0)}–${Math.round(q.networkEndTime - t0)}) ${label(node)}`,
    );
  }
  return out.join('\n');
}
