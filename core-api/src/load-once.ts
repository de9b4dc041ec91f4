/**
 * A library loaded on first use, once. The API (and each test file, which loads it afresh) starts
 * without the libraries only a few requests need: PDF drawing, photo decoding, SMTP, web push,
 * S3. A failed load is not remembered, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
