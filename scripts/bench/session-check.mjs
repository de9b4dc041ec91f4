// Focused: an authenticated GET (/v1/profile/status: one users lookup) under autocannon, to see what
// the per-request token + session check costs. Works on the old tree (no sessions) and the new one.
import { cleanup, engines, measure, prepareDatabase, seed, signToken, startApi } from './lib.mjs';
const rows = [];
try {
  for (const engine of engines()) {
    const env = await prepareDatabase(engine);
    const ids = await seed(env, { members: 0, farms: 0, products: 0 });
    const token = ids.sessions ? signToken(ids.coopId, ids.sessions[ids.coopId]) : signToken(ids.coopId);
    const api = await startApi(env);
    for (let round = 0; round < 2; round += 1) {
      const r = await measure(`${engine} #${round + 1}`, {
        url: `${api.url}/v1/profile/status`,
        connections: 10,
        duration: 15,
        warmup: round === 0 ? 5 : 0,
        requests: [{ method: 'GET', headers: { authorization: `Bearer ${token}` } }],
      });
      rows.push(r);
      console.log(JSON.stringify(r));
    }
    await api.stop();
  }
} finally {
  await cleanup();
}
