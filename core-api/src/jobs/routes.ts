import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { runJobAnswerSchema, runJobParamsSchema, runJobRequestSchema } from '@shambasoko/contracts';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { ApiError, ok } from '../http/envelope';
import { validated } from '../http/validate';
import { scheduledJobs } from './registry';
import { runJobIfDue } from './scheduler';

/**
 * The browser tests' clock: runs one scheduled job now as if the time were `at` (default: now),
 * whatever its interval. Operator token only; refused in production.
 */
export const jobRoutes: FastifyPluginAsync<{ db: Kysely<Database>; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/v1/operator/jobs/:name/run',
    validated(
      { access: 'operator', params: runJobParamsSchema, body: runJobRequestSchema, response: runJobAnswerSchema },
      async ({ params, body, request }) => {
        if (config.nodeEnv === 'production') throw new ApiError(403, 'Jobs are not run by hand in production');
        const job = scheduledJobs(config, db).find((j) => j.name === params.name);
        if (job === undefined) throw new ApiError(404, 'No scheduled job has this name');
        const at = body.at === undefined ? new Date() : new Date(body.at);
        const ran = await runJobIfDue(db, { ...job, intervalMs: Number.NEGATIVE_INFINITY }, at, request.log);
        return ok({ job: job.name, ran, at: at.toISOString() }, ran ? 'Job ran' : 'The job is running elsewhere; try again');
      },
    ),
  );
};
