// Backup and restore of the embedded database, in a worker thread for the same reason as
// pglite-worker.mjs (PGlite is loaded by Node itself, outside tsx and ts-jest).
//   workerData { action: 'dump', dataDir, file }: writes PGlite's tarball of the cluster to `file`.
//   workerData { action: 'load', dataDir, file }: makes a new cluster in `dataDir` from that tarball.
// Answers { ok: true } or { ok: false, message }.
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { action, dataDir, file } = workerData;
let pglite;
try {
  if (action === 'dump') {
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
    const tarball = await pglite.dumpDataDir('gzip');
    await fs.writeFile(file, Buffer.from(await tarball.arrayBuffer()));
  } else {
    const tarball = new Blob([await fs.readFile(file)]);
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: tarball });
    // A first query proves the restored cluster opens.
    await pglite.query('select 1');
  }
  await pglite.close();
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
