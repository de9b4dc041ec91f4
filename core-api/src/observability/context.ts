import { AsyncLocalStorage } from 'node:async_hooks';

/** What follows a request (or a job run) into the calls it makes: its id, for the providers' logs. */
const context = new AsyncLocalStorage<{ requestId: string }>();

export function withRequestId<T>(requestId: string, run: () => T): T {
  return context.run({ requestId }, run);
}

/** The id of the request or job run this code works for; undefined outside both. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** `x-request-id` for an outgoing call, when there is an id to pass on. */
export function requestIdHeader(): Record<string, string> {
  const id = currentRequestId();
  return id === undefined ? {} : { 'x-request-id': id };
}
