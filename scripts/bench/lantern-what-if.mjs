// What Lighthouse's simulated LCP and FCP would be if some requests of a run were different: re-runs
// Lantern (the simulator behind the mobile preset's figures) on a run kept by
// `bench:lighthouse -- --keep-runs=<folder>`, first as it was, then with the changes, and writes the
// changed run's chain (lantern-why.mjs). Cheaper than building and measuring each idea, and free of the
// CPU noise between runs: the network part of the simulation is exact, the CPU part is the run's own.
//
//   node scripts/bench/lantern-what-if.mjs <run.json> [<part of a URL>:<change> ...]
//
// A change applies to every request whose URL contains the part:
//   drop          the request answered from the device's cache (as if the page did not need it then)
//   bytes=<n>     its size on the wire
//   scale=<f>     its size on the wire times f (0.8: a fifth smaller)
//   priority=<p>  Chrome's priority for it (VeryHigh, High, Medium, Low, VeryLow)
// e.g. `.js:scale=0.9` (every script a tenth smaller), `renderer.:priority=High`, `manifest:drop`.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js';
import { applyChanges, parseChange } from './lantern-changes.mjs';
import { explainLcp, lanternInput } from './lantern-why.mjs';

/** LCP (with its optimistic and pessimistic halves) and FCP of a kept run, its requests changed first. */
async function simulate(file, changes) {
  const { artifacts, settings } = JSON.parse(readFileSync(file, 'utf8'));
  const context = { computedCache: new Map(), settings };
  const data = lanternInput(artifacts, settings);
  // The graph is computed once per context: the metrics below simulate the changed one.
  const graph = await PageDependencyGraph.request(data, context);
  const requests = [];
  graph.traverse((node) => node.type === 'network' && requests.push(node.request));
  const matched = applyChanges(requests, changes);
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  return { lcp, fcp, matched, why: await explainLcp(artifacts, settings, context) };
}

const ms = (n) => `${Math.round(n)} ms`;
const line = ({ lcp, fcp }) =>
  `LCP ${ms(lcp.timing)} (optimistic ${ms(lcp.optimisticEstimate.timeInMs)}, pessimistic ${ms(lcp.pessimisticEstimate.timeInMs)}), FCP ${ms(fcp.timing)}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, ...texts] = process.argv.slice(2);
  if (file === undefined) {
    console.error('usage: node scripts/bench/lantern-what-if.mjs <run.json> [<part of a URL>:<change> ...]');
    process.exit(2);
  }
  const changes = texts.map(parseChange);
  const wrong = changes.filter((c) => c instanceof Error);
  if (wrong.length > 0) {
    for (const error of wrong) console.error(error.message);
    process.exit(2);
  }
  console.log(`as run:       ${line(await simulate(file, []))}`);
  const changed = await simulate(file, changes);
  changed.matched.forEach((n, i) => n === 0 && console.warn(`  ${texts[i]}: no request matched`));
  console.log(`with changes: ${line(changed)}\n`);
  console.log(changed.why);
}
