// npm run backup [-- FILE]: the database the API uses (DATA_DIR / DATABASE_URL) and every photo (disk or
// S3_BUCKET) in one tar file; default <DATA_DIR>/backups/shambasoko-<time>.tar. The embedded database
// must not be open (stop the API first); PostgreSQL is backed up while it runs.
import path from 'node:path';
import { createBackup } from '../src/backup/backup';
import { loadConfig } from '../src/config';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const stamp = new Date()
  .toISOString()
  .replaceAll(':', '-')
  .replace(/\.\d+Z$/, 'Z');
const file = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `shambasoko-${stamp}.tar`));
createBackup(config, file).then(
  (manifest) =>
    console.log(`backup: ${file} (${manifest.engine === 'pglite' ? 'embedded database' : 'PostgreSQL'}, photos: ${manifest.photos})`),
  (error: Error) => {
    console.error(`backup failed: ${error.message}`);
    process.exitCode = 1;
  },
);
