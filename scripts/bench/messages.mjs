// npm run bench:messages: one API process holds 1,000 open message streams (GET /v1/messages/stream,
// as EventSource holds them); its memory before and after they open and its event-loop delay while
// it holds them; then send→receive latency of 500 messages (POST, the stream event on a listener)
// with the streams still open. Every stream reads the farm's conversation, so each message is
// written to all 1,000: the worst fan-out. The 999 other streams are held by a child process, so the
// timed listener does not also read every copy. Beside it, measured in the same run, a bare Node http
// server holding as many event streams, whose POST /send emits on an in-process EventEmitter.
// Options: --streams=1000, --messages=500, --hold=<s held idle before reading the loop delay, 10>,
// BENCH_ENGINES=postgres|pglite (the first is used; default PostgreSQL when installed).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { cleanup, engines, freePort, onCleanup, option, prepareDatabase, printTable, seed, signToken, startApi } from './lib.mjs';

const STREAMS = option('streams', 1000);
const MESSAGES = option('messages', 500);
const HOLD_S = option('hold', 10);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** An open event stream: resolves once its headers arrived; `next()` waits for the next `event: message`. */
function openStream(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const waiting = [];
    const queued = [];
    let buffer = '';
    const req = http.get(url, { headers, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!event.startsWith('event: message')) continue;
          const at = performance.now();
          const wake = waiting.shift();
          if (wake) wake(at);
          else queued.push(at);
        }
      });
      resolve({
        next: () => (queued.length > 0 ? Promise.resolve(queued.shift()) : new Promise((r) => waiting.push(r))),
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/**
 * Opens `count` streams in a process of their own that reads and drops what they get, so the timed
 * listener here is not also reading a thousand copies of every message. Answers close().
 */
async function holdStreams(url, headerSets, count) {
  const code = `
    const http = require('node:http');
    const [url, headerSets, count] = JSON.parse(process.argv[1]);
    let opened = 0;
    const open = (i) => new Promise((resolve, reject) => {
      http.get(url, { headers: headerSets[i % headerSets.length], agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error('stream answered ' + res.statusCode));
        res.resume();
        resolve();
      }).on('error', reject);
    });
    (async () => {
      // In waves: a thousand connects at once would measure the accept queue, not a held stream.
      for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
      console.log('HELD ' + count);
    })().catch((e) => { console.error(e.message); process.exit(1); });`;
  const child = spawn(process.execPath, ['-e', code, JSON.stringify([url, headerSets, count])], { stdio: ['ignore', 'pipe', 'inherit'] });
  onCleanup(() => child.kill('SIGKILL'));
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('HELD') && resolve());
    child.on('exit', (code) => reject(new Error(`stream holder exited ${code}`)));
  });
  return { close: () => child.kill('SIGKILL') };
}

/** send() then the listener's next event, MESSAGES times one after another; answers p50/p99 in ms. */
async function latencies(send, listener) {
  const times = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const started = performance.now();
    const arrived = listener.next();
    await send(i);
    times.push((await arrived) - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function measureApi() {
  const list = engines();
  const engine = process.env.BENCH_ENGINES ? list[0] : list.includes('postgres') ? 'postgres' : list[0];
  console.log(`\n== core-api on ${engine}: seeding one farm and its members …`);
  const env = await prepareDatabase(engine);
  const ids = await seed(env, { farms: 1, members: 3, products: 0 });
  const api = await startApi(env, { SHAMBASOKO_EVENT_LOOP_STATS: '1' });
  const users = [ids.coopId, ...ids.memberIds];
  const auth = (userId) => ({ authorization: `Bearer ${signToken(userId, ids.sessions[userId])}` });
  const diagnostics = async (reset = false) => (await fetch(`${api.url}/_diagnostics/event-loop${reset ? '?reset=1' : ''}`)).json();

  const farmId = ids.farmIds[0];
  const chat = await (await fetch(`${api.url}/v1/conversations/farm/${farmId}`, { headers: auth(ids.coopId) })).json();
  if (!chat.header?.isSuccess) throw new Error(`farm conversation: ${JSON.stringify(chat.header)}`);
  const conversationId = chat.body.id;
  const sender = ids.memberIds[0];
  const send = async (i) => {
    const res = await fetch(`${api.url}/v1/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { ...auth(sender), 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Bench message ${i}` }),
    });
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  };
  // Warm the send path (statements prepared, code compiled) before anything is timed.
  const warm = await openStream(`${api.url}/v1/messages/stream`, auth(ids.coopId));
  for (let i = 0; i < 20; i += 1) {
    const arrived = warm.next();
    await send(i);
    await arrived;
  }
  warm.close();
  await sleep(1_000);

  const before = await diagnostics();
  const listener = await openStream(`${api.url}/v1/messages/stream`, auth(ids.coopId));
  const others = await holdStreams(`${api.url}/v1/messages/stream`, users.map(auth), STREAMS - 1);
  await sleep(1_000);
  const after = await diagnostics(true);
  await sleep(HOLD_S * 1_000);
  const held = await diagnostics(true);
  const latency = await latencies(send, listener);
  const sending = await diagnostics();
  listener.close();
  others.close();
  await api.stop();
  return { name: `core-api (${engine})`, before, after, held, sending, latency };
}

/** A bare Node http server in its own process: event streams in a Set, an EventEmitter, the same diagnostics. */
async function measureBare() {
  console.log('\n== bare Node http server …');
  const port = await freePort();
  const code = `
    const http = require('node:http');
    const { EventEmitter } = require('node:events');
    const { monitorEventLoopDelay } = require('node:perf_hooks');
    const bus = new EventEmitter();
    bus.setMaxListeners(0);
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const streams = new Set();
    bus.on('message', (data) => { for (const res of streams) res.write(data); });
    let id = 0;
    http.createServer((req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
        res.write('retry: 3000\\n: open\\n\\n');
        streams.add(res);
        res.on('close', () => streams.delete(res));
      } else if (url.pathname === '/send') {
        req.resume();
        req.on('end', () => {
          id += 1;
          bus.emit('message', 'event: message\\ndata: ' + JSON.stringify({ conversationId: 'c', messageId: String(id) }) + '\\n\\n');
          res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
        });
      } else if (url.pathname === '/stats') {
        const m = process.memoryUsage();
        const answer = { p50: h.percentile(50) / 1e6, p99: h.percentile(99) / 1e6, rssMb: m.rss / 2 ** 20, heapUsedMb: m.heapUsed / 2 ** 20 };
        if (url.searchParams.get('reset') === '1') h.reset();
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      } else res.writeHead(404).end();
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
  onCleanup(() => child.kill('SIGKILL'));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${url}/stats`).then(
        () => true,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  const diagnostics = async (reset = false) => (await fetch(`${url}/stats${reset ? '?reset=1' : ''}`)).json();
  const send = async () => {
    const res = await fetch(`${url}/send`, { method: 'POST', body: '{}' });
    await res.text();
  };
  const warm = await openStream(`${url}/stream`);
  for (let i = 0; i < 20; i += 1) {
    const arrived = warm.next();
    await send();
    await arrived;
  }
  warm.close();
  await sleep(1_000);
  const before = await diagnostics();
  // Last in the server's set: the bare server writes to the other streams first, as core-api may.
  const others = await holdStreams(`${url}/stream`, [{}], STREAMS - 1);
  const listener = await openStream(`${url}/stream`);
  await sleep(1_000);
  const after = await diagnostics(true);
  await sleep(HOLD_S * 1_000);
  const held = await diagnostics(true);
  const latency = await latencies(send, listener);
  const sending = await diagnostics();
  listener.close();
  others.close();
  child.kill('SIGKILL');
  return { name: 'bare node:http + EventEmitter', before, after, held, sending, latency };
}

const mb = (n) => `${n.toFixed(1)} MB`;
const ms = (n) => `${n.toFixed(2)} ms`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}×` : '—');

try {
  const rows = [await measureApi(), await measureBare()];
  const [ours, bare] = rows;
  printTable(`bench:messages — ${STREAMS} open streams held ${HOLD_S} s, then ${MESSAGES} messages sent one by one, loopback`, rows, [
    { label: 'server', value: (r) => r.name },
    { label: 'RSS before → with streams', value: (r) => `${mb(r.before.rssMb)} → ${mb(r.after.rssMb)}` },
    { label: 'heap before → with streams', value: (r) => `${mb(r.before.heapUsedMb)} → ${mb(r.after.heapUsedMb)}` },
    { label: 'per stream (RSS)', value: (r) => `${(((r.after.rssMb - r.before.rssMb) * 1024) / STREAMS).toFixed(1)} KB` },
    { label: 'loop delay held p50 / p99', value: (r) => `${ms(r.held.p50)} / ${ms(r.held.p99)}` },
    { label: 'loop delay sending p50 / p99', value: (r) => `${ms(r.sending.p50)} / ${ms(r.sending.p99)}` },
    { label: 'send→receive p50 / p99', value: (r) => `${ms(r.latency.p50)} / ${ms(r.latency.p99)}` },
  ]);
  console.log(
    `\nratio core-api / bare: RSS with streams ${ratio(ours.after.rssMb, bare.after.rssMb)}, ` +
      `send→receive p50 ${ratio(ours.latency.p50, bare.latency.p50)}, p99 ${ratio(ours.latency.p99, bare.latency.p99)}`,
  );
} finally {
  await cleanup();
}
