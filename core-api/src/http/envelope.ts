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

  /** Sent with the answer, e.g. a 429's Retry-After. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly status: number,
    readonly customerMessage: string,
    options?: ErrorOptions & { headers?: Record<string, string> },
  ) {
    super(customerMessage, options);
    this.headers = options?.headers ?? {};
  }
}
