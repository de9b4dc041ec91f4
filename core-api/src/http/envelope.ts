/** Every core API answer: `{ header: { isSuccess, customerMessage }, body }`. */
export interface Envelope<T> {
  header: { isSuccess: boolean; customerMessage: string };
  body: T;
}

export function ok<T>(body: T, customerMessage = 'Success'): Envelope<T> {
  return { header: { isSuccess: true, customerMessage }, body };
}

export function fail(customerMessage: string): Envelope<null> {
  return { header: { isSuccess: false, customerMessage }, body: null };
}

/**
 * Thrown by services for an expected failure. `customerMessage` is shown to the user as-is, so it
 * must be written for them and carry no internal detail.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** Sent as `Retry-After` (a 429 without one gets a minute): when asking again can succeed. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly customerMessage: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(customerMessage, options);
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
