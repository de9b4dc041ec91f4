// npm run bench:farm: a cooperative-sized account (2,000 farms, 20,000 fields, 6,000 seasons,
// 20,000 crops, 8,000 memberships, 200,000 activities, 100,000 costs, 18,000 budget lines), then
// list/search/aggregate endpoints at 50 connections on loopback, on PGlite and PostgreSQL, and a bare
// Fastify hello-world in the same run: each row's ratio to it lets figures from a busy machine be compared
// (to the bare row measured again just before it: --bare-beside=<s>, default 3, 0 for the first one only).
// Goal on PostgreSQL: every row ≥ 0.10 × bare with p99 ≤ 50 ms.
// Options: --duration=<s per endpoint> (default 8), --warmup=<untimed s before each, default 3>,
// --rows=<text> (only rows whose name contains it), --processes=1,3 (API processes, node:cluster; more than one on PostgreSQL only), BENCH_ENGINES=pglite,postgres.
import {
  bareBaseline,
  cleanup,
  columns,
  expectOk,
  forEachEngine,
  latencyByKind,
  logRow,
  measure,
  option,
  printTable,
  signToken,
} from './lib.mjs';

const duration = option('duration', 8);
// --rows=<text>: only the rows whose name contains it (the bare row always runs).
const onlyRows = process.argv.find((a) => a.startsWith('--rows='))?.slice('--rows='.length);
const warmup = option('warmup', 3);
const plan = { farms: 2000, members: 2000, products: 0, bigStockProducts: 0 };

function endpoints(ids) {
  const farmId = ids.farmIds[0];
  return [
    ['farms list (page 1, 20)', ['/v1/farms', '/v1/farms?page=7&sort=name', '/v1/farms?search=baraka', '/v1/farms?status=active&page=3']],
    ['fields list (farm filter)', ids.farmIds.slice(0, 20).map((id) => `/v1/fields?farmId=${id}`)],
    ['seasons list', ['/v1/seasons', `/v1/seasons?farmId=${farmId}`, '/v1/seasons?status=active&page=2']],
    ['crops list', ['/v1/crops', `/v1/crops?farmId=${farmId}`, '/v1/crops?search=maize', '/v1/crops?page=3']],
    [
      'activities (filters + search)',
      [
        `/v1/activities?farmId=${farmId}&status=Pending`,
        '/v1/activities?status=In%20Progress&page=2',
        '/v1/activities?search=armyworm',
        `/v1/activities?farmId=${ids.farmIds[1]}&search=spray`,
        '/v1/activities',
      ],
    ],
    ['costs list', ['/v1/costs', `/v1/costs?farmId=${farmId}`, '/v1/costs?category=Fuel&page=2', '/v1/costs?search=diesel']],
    ['budget summary', [`/v1/budget/summary?farmId=${farmId}`, '/v1/budget/summary', `/v1/budget/summary?farmId=${ids.farmIds[2]}`]],
    ['dashboard', ['/v1/dashboard']],
  ];
}

/**
 * The lists above repeat their URLs, so after the first round they are answered from memory
 * (modules/farm/common/answers.ts). This row changes an activity before every 9 reads: each change
 * drops the cooperative's kept answers, and the reads after it load from the database again. Each
 * change writes new notes: an edit that changes nothing writes nothing (updateRow), and the row
 * measures changes.
 */
const CHANGING = 'lists, a change before every 9 reads';
let changes = 0;
/** The changing row's edits and reads, timed apart: the row's p99 alone does not say which waits. */
const editsAndReads = latencyByKind(['edits', 'reads']);
function changingRequests(ids, activityId, headers) {
  const reads = [
    '/v1/farms',
    `/v1/fields?farmId=${ids.farmIds[0]}`,
    '/v1/seasons',
    '/v1/crops',
    '/v1/activities',
    '/v1/costs',
    '/v1/budget/summary',
    '/v1/dashboard',
    '/v1/activities?status=Pending',
  ];
  return [
    editsAndReads.wrap('edits', {
      method: 'PATCH',
      path: `/v1/activities/${activityId}`,
      headers: { ...headers, 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ notes: `Checked ${(changes += 1)}` }) }),
    }),
    ...reads.map((path) => editsAndReads.wrap('reads', { method: 'GET', path, headers })),
  ];
}

const rows = [];
try {
  const bare = await bareBaseline({ duration, warmup });
  rows.push({ engine: '—', processes: 1, ...bare.row, ratio: 1 });

  await forEachEngine(plan, `${plan.farms} farms`, async (engine, api, ids, processes) => {
    const headers = { authorization: `Bearer ${signToken(ids.coopId, ids.sessions[ids.coopId])}` };
    for (const [name, paths] of endpoints(ids)) {
      if (onlyRows !== undefined && !name.includes(onlyRows)) continue;
      await expectOk(api.url, paths, { headers });
      const bareNow = await bare.beside(api.url);
      const row = await measure(name, {
        url: api.url,
        duration,
        warmup,
        requests: paths.map((p) => ({ method: 'GET', path: p, headers })),
      });
      rows.push({ engine, processes, ...row, bare: bareNow.reqPerSec, ratio: row.reqPerSec / bareNow.reqPerSec });
      logRow(row);
    }
    if (onlyRows === undefined || CHANGING.includes(onlyRows)) {
      const first = await fetch(`${api.url}/v1/activities?farmId=${ids.farmIds[0]}`, { headers });
      const activityId = (await first.json()).body.items[0].id;
      const bareNow = await bare.beside(api.url);
      const row = await measure(CHANGING, {
        url: api.url,
        duration,
        warmup,
        requests: changingRequests(ids, activityId, headers),
        beforeTimed: () => editsAndReads.start(),
      });
      const { edits, reads } = editsAndReads.stop();
      rows.push({ engine, processes, ...row, bare: bareNow.reqPerSec, ratio: row.reqPerSec / bareNow.reqPerSec });
      logRow(row);
      console.log(`    its edits p50 ${edits.p50} ms, p99 ${edits.p99} ms; its reads p50 ${reads.p50} ms, p99 ${reads.p99} ms`);
    }
  });
} finally {
  await cleanup();
}

const met = (r) => r.ratio >= 0.1 && r.p99 <= 50;
printTable(`bench:farm — 50 connections, ${duration} s per endpoint, loopback`, rows, [
  ...columns.head,
  ...columns.bare,
  ...columns.tail,
  {
    label: '≥ 0.10 × bare, p99 ≤ 50 ms (PostgreSQL goal)',
    value: (r) => (r.engine === 'postgres' ? (met(r) ? 'yes' : 'no') : '—'),
  },
]);
