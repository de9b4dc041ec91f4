import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { traced } from '../observability/tracing';
import type { PhotoStore } from './photo-store';

export interface S3Settings {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** MinIO and the s3rver stand-in answer at <endpoint>/<bucket>/<key>, not <bucket>.<endpoint>. */
  forcePathStyle: boolean;
}

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export function s3Client(settings: S3Settings): S3Client {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  // Each call a span of the request's trace when tracing is on (observability/tracing.ts).
  client.middlewareStack.add((next, context) => (args) => traced('s3', context.commandName ?? 'call', () => next(args)), {
    step: 'initialize',
    name: 'shambasokoTracing',
  });
  return client;
}

/**
 * Photos in an S3-compatible bucket, so every API process (and pod) sees the same ones. Keys are
 * `<prefix>/<name>`: the prefixes mirror the disk store's folders (`uploads`, `message-photos`).
 */
export class S3PhotoStore implements PhotoStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    if (!SAFE_NAME.test(name) || name.includes('..')) throw new Error(`Bad photo name: ${name}`);
    return `${this.prefix}/${name}`;
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<void> {
    // A name is a content hash, so an object never changes once written.
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(name),
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(name: string): Promise<Buffer | undefined> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
      if (answer.Body === undefined) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async remove(name: string): Promise<void> {
    // S3 answers a delete of a missing key with success.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(name) }));
  }
}
