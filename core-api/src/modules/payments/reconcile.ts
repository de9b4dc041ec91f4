import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { paymentProviders } from './providers';
import { reconcilePayments } from './settle';

/**
 * Every 15 s: attempts whose callback never came are asked about. The job's own transaction (it holds
 * the job lock) does nothing; the work starts after its commit, since it waits on the network.
 */
export function paymentReconcileJob(config: Config, db: Kysely<Database>): Job {
  let running: Promise<unknown> | null = null;
  return {
    name: 'payment-reconcile',
    intervalMs: 15_000,
    run: async (_trx, _now, log) => () => {
      if (running !== null) return;
      running = reconcilePayments(db, { providers: paymentProviders(config.payments), config: config.payments })
        .catch((error: unknown) => log.error({ err: error }, 'payment reconcile failed'))
        .finally(() => {
          running = null;
        });
    },
  };
}
