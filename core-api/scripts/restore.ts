// npm run restore -- FILE: restores a backup of `npm run backup` into the database the API is set up
// for (an empty DATA_DIR, or an empty database at DATABASE_URL), photos into the disk or S3_BUCKET.
import path from 'node:path';
import { restoreBackup } from '../src/backup/backup';
import { loadConfig } from '../src/config';

const given = process.argv[2];
if (given === undefined) {
  console.error('Usage: npm run restore -- FILE (a file made by npm run backup)');
  process.exit(1);
}
const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const file = path.resolve(given);
restoreBackup(config, file).then(
  (manifest) =>
    console.log(`restore: ${file} (taken ${manifest.createdAt}, photos: ${manifest.photos}) restored; start the API to use it.`),
  (error: Error) => {
    console.error(`restore failed: ${error.message}`);
    process.exitCode = 1;
  },
);
