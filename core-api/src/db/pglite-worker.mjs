// The embedded PostgreSQL (PGlite, WebAssembly) runs here, in a worker thread, so a slow query
// never blocks the API's event loop. Plain JavaScript on purpose: a worker is loaded by Node itself,
// outside the TypeScript loaders that run the API (tsx) and its tests (ts-jest).
//
// Protocol with database.ts, one request at a time per id:
//   → { id, type: 'exec', message: Uint8Array }   ← { id, answer: Uint8Array } | { id, failure }
//   → { id, type: 'close' }                        ← { id, answer: empty }
//   ← { type: 'ready' } once, or { type: 'fatal', failure } when the database cannot open.
// An answer is PostgreSQL's own bytes, moved (not copied) to the API's thread, which reads them with
// node-postgres' parser as it reads a server's. Parsed here, the messages crossed by structured
// clone: that copy alone was 13 % of this thread's busy time in the API tests, and as much again to
// rebuild them on the other side.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

function describe(error) {
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * One message's answer, as the bytes PostgreSQL wrote. PGlite hands them over in pieces that are views
 * of its own memory, so each piece is copied once, into one buffer of exactly the answer's size.
 */
async function run(message) {
  const pieces = [];
  let size = 0;
  await pglite.execProtocolRawStream(message, {
    onRawData: (piece) => {
      pieces.push(piece.slice());
      size += piece.length;
    },
  });
  if (pieces.length === 1) return pieces[0];
  const answer = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    answer.set(piece, at);
    at += piece.length;
  }
  return answer;
}

/**
 * What the opener may hand over (database.ts, EmbeddedEngine): PGlite's WebAssembly already compiled and
 * its file bundle already read, so a process that opens many databases (the API tests) does that once;
 * and settings for PostgreSQL's command line.
 */
function options({ wasmModule, fsBundle, settings } = {}) {
  return {
    extensions: { pg_trgm },
    ...(wasmModule === undefined ? {} : { wasmModule }),
    ...(fsBundle === undefined ? {} : { fsBundle: new Blob([fsBundle]) }),
    ...(settings === undefined ? {} : { startParams: [...PGlite.defaultStartParams, ...settings.flatMap((setting) => ['-c', setting])] }),
  };
}

let pglite;
try {
  pglite = await PGlite.create(workerData.dataDir, options(workerData.engine));
  parentPort.postMessage({ type: 'ready' });
} catch (error) {
  parentPort.postMessage({ type: 'fatal', failure: describe(error) });
}

parentPort.on('message', async (request) => {
  if (pglite === undefined) return;
  try {
    if (request.type === 'close') {
      await pglite.close();
      parentPort.postMessage({ id: request.id, answer: new Uint8Array(0) });
      return;
    }
    const answer = await run(request.message);
    parentPort.postMessage({ id: request.id, answer }, [answer.buffer]);
  } catch (error) {
    parentPort.postMessage({ id: request.id, failure: describe(error) });
  }
});
