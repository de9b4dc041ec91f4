// `npm start` runs this with tsx: the S3 stand-in (s3rver) on S3_STAND_IN_PORT (default 4569), objects
// under S3_STAND_IN_DIR, so every API process shares one photo store as they would a real bucket.
import { DEFAULT_S3_STAND_IN_PORT, startS3StandIn } from './s3';

const directory = process.env.S3_STAND_IN_DIR;
const bucket = process.env.S3_BUCKET ?? 'shambasoko-photos';
if (!directory) {
  console.error('S3_STAND_IN_DIR is required (npm start sets <DATA_DIR>/s3).');
  process.exit(1);
}

startS3StandIn({ directory, bucket, port: Number(process.env.S3_STAND_IN_PORT ?? DEFAULT_S3_STAND_IN_PORT) }).then(
  (standIn) => {
    console.log(`S3 stand-in on ${standIn.url}, bucket ${bucket}`);
    const stop = () => void standIn.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  },
  (error: Error) => {
    console.error(`S3 stand-in could not start: ${error.message}`);
    process.exit(1);
  },
);
