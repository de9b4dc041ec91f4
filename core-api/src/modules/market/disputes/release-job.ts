import type { Config } from '../../../config';
import type { Job } from '../../../jobs/scheduler';
import { releaseDeliveredParts } from './service';

/** The scheduled job (jobs/registry.ts): delivered parts past RELEASE_AFTER_DAYS with no open dispute pay their sellers. */
export function deliveryReleaseJob(config: Config): Job {
  return {
    name: 'delivery-release',
    intervalMs: 10 * 60_000,
    run: async (trx, now, log) => {
      const released = await releaseDeliveredParts(trx, config.aftercare, now);
      if (released > 0) log.info({ released }, 'earnings released');
    },
  };
}
