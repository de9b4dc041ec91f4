import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';
import { paymentProviders } from './providers';
import { reconcileDisbursements } from './disbursements';
import { payAutomaticPayouts } from './payouts';
import { payRefundsDue } from './refunds';
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
      if (running !== null) return running;
      running = reconcilePayments(db, { providers: paymentProviders(config.payments), config: config.payments })
        .catch((error: unknown) => log.error({ err: error }, 'payment reconcile failed'))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

function afterCommit(name: string, intervalMs: number, work: () => Promise<unknown>): Job {
  let running: Promise<unknown> | null = null;
  return {
    name,
    intervalMs,
    run: async (_trx, _now, log) => () => {
      if (running !== null) return running;
      running = work()
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

/** Every 30 s: payouts and refunds an outage left pending are sent again; those sent and unanswered are asked about. */
export function disbursementReconcileJob(config: Config, db: Kysely<Database>): Job {
  return afterCommit('disbursement-reconcile', 30_000, () =>
    reconcileDisbursements({ db, providers: paymentProviders(config.payments), config: config.payments, payRefundsDue }),
  );
}

/** Every 15 min: opted-in sellers not yet paid out today (Nairobi) get their available balance. */
export function automaticPayoutJob(config: Config, db: Kysely<Database>): Job {
  return afterCommit('automatic-payouts', 15 * 60_000, () =>
    payAutomaticPayouts({ db, providers: paymentProviders(config.payments), config: config.payments }),
  );
}
