import S3rver from 's3rver';

/** s3rver's built-in account: public, for the stand-in only. */
export const S3_STAND_IN_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const DEFAULT_S3_STAND_IN_PORT = 4569;

export interface S3StandIn {
  /** http://127.0.0.1:<port>: S3_ENDPOINT for the API (path style). */
  url: string;
  close(): Promise<void>;
}

/** A fake S3 (s3rver) keeping objects under `directory`, with `bucket` made if missing. */
export async function startS3StandIn({
  directory,
  bucket,
  port = 0,
}: {
  directory: string;
  bucket: string;
  port?: number;
}): Promise<S3StandIn> {
  const server = new S3rver({ address: '127.0.0.1', port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}
