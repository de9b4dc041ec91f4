import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type AppRole,
  SELLER_ROLES,
  platformReportSchema,
  reportQuerySchema,
  salesReportSchema,
  spendingReportSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../auth/require-user';
import type { Database } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validated } from '../../http/validate';
import { platformCsv, reportFileName, salesCsv, spendingCsv } from './csv';
import { platformReport, salesReport, spendingReport } from './service';
import { languageOf } from '../../http/language';

/** The roles that run a shop. */
/** A Retailer buys stock from suppliers, so it has spending too. */
const BUYERS: readonly AppRole[] = ['Buyer', 'Retailer'];

/**
 * Analytics: a seller's own sales, a buyer's own spending and the Admin's platform figures, each as
 * JSON for the pages and as a CSV file. No id in any request: the account decides whose figures.
 */
export const analyticsRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  const csv = (reply: FastifyReply, name: string, range: { from: string; to: string }, text: string) => {
    reply.header('content-disposition', `attachment; filename="${reportFileName(name, range)}"`);
    return reply.type('text/csv; charset=utf-8').send(text);
  };

  app.get(
    '/v1/reports/sales',
    validated({ role: SELLER_ROLES, query: reportQuerySchema, response: salesReportSchema }, async ({ query, request }) =>
      ok(await salesReport(db, requireUser(request).id, query), 'Your sales'),
    ),
  );
  app.get(
    '/v1/reports/sales.csv',
    validated({ role: SELLER_ROLES, query: reportQuerySchema, produces: ['text/csv'] }, async ({ query, request, reply }) => {
      const report = await salesReport(db, requireUser(request).id, query);
      return csv(reply, 'sales', report.range, salesCsv(report, languageOf(request.headers['accept-language'])));
    }),
  );

  app.get(
    '/v1/reports/spending',
    validated({ role: BUYERS, query: reportQuerySchema, response: spendingReportSchema }, async ({ query, request }) =>
      ok(await spendingReport(db, requireUser(request).id, query), 'Your spending'),
    ),
  );
  app.get(
    '/v1/reports/spending.csv',
    validated({ role: BUYERS, query: reportQuerySchema, produces: ['text/csv'] }, async ({ query, request, reply }) => {
      const report = await spendingReport(db, requireUser(request).id, query);
      return csv(reply, 'spending', report.range, spendingCsv(report, languageOf(request.headers['accept-language'])));
    }),
  );

  app.get(
    '/v1/reports/platform',
    validated({ role: 'Admin', query: reportQuerySchema, response: platformReportSchema }, async ({ query }) =>
      ok(await platformReport(db, query), 'Platform reports'),
    ),
  );
  app.get(
    '/v1/reports/platform.csv',
    validated({ role: 'Admin', query: reportQuerySchema, produces: ['text/csv'] }, async ({ query, request, reply }) => {
      const report = await platformReport(db, query);
      return csv(reply, 'platform', report.range, platformCsv(report, languageOf(request.headers['accept-language'])));
    }),
  );
};
