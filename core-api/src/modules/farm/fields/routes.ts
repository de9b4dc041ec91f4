import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const fieldsRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  resourceRoutes(app, db, answers, {
    path: '/v1/fields',
    item: s.field,
    idParam: 'fieldId',
    params: s.fieldParams,
    list: { query: s.fieldsQuery, run: service.listFields },
    create: { path: '/v1/farms/:farmId/fields', inFarm: true, body: s.createFieldBody, run: service.createField },
    get: service.getField,
    update: { body: s.updateFieldBody, run: service.updateField },
    remove: service.deleteField,
    messages: messagesFor('Field'),
  });
};
