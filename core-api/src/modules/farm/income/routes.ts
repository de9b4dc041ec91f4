import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import * as s from '@shambasoko/contracts';
import { cropRecordRoutes } from '../common/crop-record-routes';
import * as service from './service';

export const incomeRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  cropRecordRoutes(app, db, {
    segment: 'income',
    item: s.incomeEntry,
    idParam: 'incomeId',
    params: s.incomeParams,
    list: { response: s.cropIncome, run: service.cropIncome },
    create: { body: s.createIncomeBody, run: service.createIncome },
    update: { body: s.updateIncomeBody, run: service.updateIncome },
    remove: service.deleteIncome,
    messages: { added: 'Sale recorded', updated: 'Sale updated', deleted: 'Sale deleted' },
  });
};
