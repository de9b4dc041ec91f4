import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { pingDatabase } from './repository';

/** Answer of GET /health; a database that does not answer is a 503 instead. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export type HealthReport = z.infer<typeof healthSchema>;

export async function checkHealth(db: Kysely<Database>): Promise<HealthReport> {
  try {
    await pingDatabase(db);
  } catch (cause) {
    // 503 rather than 500: load balancers and the dev launcher read it as "not ready yet".
    throw new ApiError(503, 'The service is starting or its database is unavailable. Please try again shortly.', {
      cause,
    });
  }
  return { status: 'ok', database: 'up' };
}
