import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { S3PhotoStore } from './s3-photo-store';

/** The disk store's folders under DATA_DIR; each is also its key prefix in the bucket. */
export const PHOTO_FOLDERS = ['uploads', 'message-photos'] as const;

interface MoveReport {
  moved: number;
  /** Already in the bucket with the same size (a run cut short before its delete). */
  alreadyThere: number;
}

async function sizeInBucket(client: S3Client, bucket: string, key: string): Promise<number | undefined> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength;
  } catch (error) {
    if ((error as { name?: string }).name === 'NotFound') return undefined;
    throw error;
  }
}

/**
 * Moves every photo from `<dataDir>/uploads` and `<dataDir>/message-photos` into the bucket. A file is
 * removed from disk only once the bucket holds the same number of bytes, so a run may stop anywhere
 * and be run again; a second run finds nothing to do.
 */
export async function movePhotosToBucket(dataDir: string, client: S3Client, bucket: string): Promise<MoveReport> {
  const report: MoveReport = { moved: 0, alreadyThere: 0 };
  for (const folder of PHOTO_FOLDERS) {
    const dir = path.join(dataDir, folder);
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const store = new S3PhotoStore(client, bucket, folder);
    // Half-written files of the disk store (write then rename) are not photos.
    for (const name of names.filter((n) => !n.endsWith('.tmp'))) {
      const file = path.join(dir, name);
      const bytes = await fs.readFile(file);
      if ((await sizeInBucket(client, bucket, `${folder}/${name}`)) === bytes.length) {
        report.alreadyThere += 1;
      } else {
        await store.put(name, bytes, 'image/webp');
        if ((await sizeInBucket(client, bucket, `${folder}/${name}`)) !== bytes.length)
          throw new Error(`${folder}/${name} did not arrive whole`);
        report.moved += 1;
      }
      await fs.unlink(file);
    }
  }
  return report;
}
