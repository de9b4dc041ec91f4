// The embedded PostgreSQL (PGlite, WebAssembly) runs here, in a worker thread, so a slow query
// never blocks the API's event loop. Plain JavaScript on purpose: a worker is loaded by Node itself,
// outside the TypeScript loaders that run the API (tsx) and its tests (ts-jest).
//
// Protocol with database.ts, one request at a time per id:
//   → { id, type: 'exec', message: Uint8Array }   ← { id, messages } | { id, failure }
//   → { id, type: 'close' }                        ← { id, messages: [] }
//   ← { type: 'ready' } once, or { type: 'fatal', failure } when the database cannot open.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Protocol messages cross the thread boundary by structured clone, which keeps only an Error's message. */
function plain(message) {
  if (!(message instanceof Error)) return message;
  return { ...message, name: message.name, message: message.message, isDatabaseError: true };
}

function describe(error) {
  return { message: error instanceof Error ? error.message : String(error) };
}

let pglite;
try {
  pglite = await PGlite.create(workerData.dataDir, { extensions: { pg_trgm } });
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'fatal', failure: describe(error) });
}

parentPort.on('message', async (request) => {
  if (pglite === undefined) return;
  try {
    if (request.type === 'close') {
      await pglite.close();
      parentPort.postMessage({ id: request.id, messages: [] });
      return;
    }
    const messages = await pglite.execProtocolStream(request.message, { throwOnError: false });
    parentPort.postMessage({ id: request.id, messages: messages.map(plain) });
  } catch (error) {
    parentPort.postMessage({ id: request.id, failure: describe(error) });
  }
});
