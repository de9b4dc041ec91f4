// npm run photos:to-bucket: moves photos from <DATA_DIR>/uploads and message-photos into the S3 bucket
// the API is configured with (S3_*). Safe to run again: a file leaves the disk only once it is in the bucket.
import { loadConfig } from '../src/config';
import { s3Client } from '../src/storage/s3-photo-store';
import { movePhotosToBucket } from '../src/storage/to-bucket';

const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const settings = config.photoStorage;
if (settings === null) {
  console.error('S3_BUCKET is not set: there is no bucket to move photos into (see core-api/src/storage/README.md).');
  process.exit(1);
}
const client = s3Client(settings);
movePhotosToBucket(config.dataDir, client, settings.bucket).then(
  (report) => {
    console.log(`photos:to-bucket: ${report.moved} moved, ${report.alreadyThere} already in ${settings.bucket}, from ${config.dataDir}`);
    client.destroy();
  },
  (error: Error) => {
    console.error(`photos:to-bucket failed: ${error.message}`);
    process.exitCode = 1;
    client.destroy();
  },
);
