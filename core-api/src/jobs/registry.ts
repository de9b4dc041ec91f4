import type { Config } from '../config';
import { rateLimitPurgeJob } from '../http/rate-limit-store';
import { orderExpiryJob } from '../modules/market/orders/expiry';
import { personalDataPurgeJob } from '../modules/me/purge';
import type { Job } from './scheduler';

/** Every scheduled job of the API; server.ts runs them. Add a job here with its module's factory. */
export function scheduledJobs(_config: Config): Job[] {
  return [orderExpiryJob(), personalDataPurgeJob(), rateLimitPurgeJob()];
}
