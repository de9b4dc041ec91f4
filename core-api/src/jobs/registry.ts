import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { automaticPayoutJob, disbursementReconcileJob, paymentReconcileJob } from '../modules/payments/reconcile';
import { rateLimitPurgeJob } from '../http/rate-limit-store';
import { writeReplaysPurgeJob } from '../http/write-replays';
import { orderExpiryJob } from '../modules/market/orders/expiry';
import { deliveryReleaseJob } from '../modules/market/disputes/release-job';
import { personalDataPurgeJob } from '../modules/me/purge';
import { announcementJob } from '../modules/announcements';
import { noticeOutboxJob } from '../modules/notifications/outbox';
import { webhookDeliveryJob } from '../modules/integrations/webhooks';
import type { Job } from './scheduler';

/** Every scheduled job of the API; server.ts runs them. Add a job here with its module's factory. */
export function scheduledJobs(config: Config, db: Kysely<Database>): Job[] {
  return [
    paymentReconcileJob(config, db),
    disbursementReconcileJob(config, db),
    automaticPayoutJob(config, db),

    orderExpiryJob(),
    personalDataPurgeJob(),
    rateLimitPurgeJob(),
    writeReplaysPurgeJob(),

    deliveryReleaseJob(config),

    announcementJob(db),
    noticeOutboxJob(config, db),
    webhookDeliveryJob(db, { privateNetworks: config.webhookPrivateNetworks }),
  ];
}
