import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const T = '/tmp/shambasoko-pglite-template-0.5.16-migrated-6c53d3134c5322c7-seeded-ae5d2da9302c8c88/db';
if (process.argv[2] === 'dump') {
  const db = await PGlite.create(T + '-copy-for-dump', { extensions: { pg_trgm } });
  const blob = await db.dumpDataDir('none');
  fs.writeFileSync('/tmp/seeded.tar', Buffer.from(await blob.arrayBuffer()));
  await db.close();
  console.log('dumped', fs.statSync('/tmp/seeded.tar').size);
  process.exit(0);
}
const t0 = performance.now();
const buf = fs.readFileSync('/tmp/seeded.tar');
const t1 = performance.now();
const db = await PGlite.create({ loadDataDir: new Blob([buf]), extensions: { pg_trgm } });
const t2 = performance.now();
const r = await db.query('select count(*) from products');
const t3 = performance.now();
await db.close();
console.log({ read: t1 - t0, open: t2 - t1, q: t3 - t2, rows: r.rows, rss: process.memoryUsage().rss >> 20 });
