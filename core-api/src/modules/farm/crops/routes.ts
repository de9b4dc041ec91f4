import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const cropsRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  resourceRoutes(app, db, answers, {
    path: '/v1/crops',
    item: s.crop,
    idParam: 'cropId',
    params: s.cropParams,
    list: { query: s.cropsQuery, run: service.listCrops },
    create: { path: '/v1/crops', body: s.createCropBody, run: service.createCrop },
    get: service.getCrop,
    update: { body: s.updateCropBody, run: service.updateCrop },
    remove: service.deleteCrop,
    messages: messagesFor('Crop'),
  });
};
