import type { Job } from '../../jobs/scheduler';
import { purgeExpired } from './repository';

/** Retention (Data Policy): how long ended sessions and read notifications are kept. */
const RETENTION = { sessionDays: 30, notificationDays: 90 } as const;

/** Daily: deletes sessions ended over 30 days ago and notifications read over 90 days ago. */
export function personalDataPurgeJob(retention: { sessionDays: number; notificationDays: number } = RETENTION): Job {
  return {
    name: 'purge-personal-data',
    intervalMs: 24 * 60 * 60 * 1000,
    run: async (db, now) => {
      await purgeExpired(db, now, retention);
    },
  };
}
