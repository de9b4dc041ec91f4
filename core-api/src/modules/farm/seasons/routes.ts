import type { FastifyPluginAsync } from 'fastify';
import type { FarmPluginOptions } from '../common/answers';
import { messagesFor, resourceRoutes } from '../common/resource-routes';
import * as s from '@shambasoko/contracts';
import * as service from './service';

export const seasonsRoutes: FastifyPluginAsync<FarmPluginOptions> = async (app, { db, answers }) => {
  resourceRoutes(app, db, answers, {
    path: '/v1/seasons',
    item: s.season,
    idParam: 'seasonId',
    params: s.seasonParams,
    list: { query: s.seasonsQuery, run: service.listSeasons },
    create: { path: '/v1/seasons', body: s.createSeasonBody, run: service.createSeason },
    get: service.getSeason,
    update: { body: s.updateSeasonBody, run: service.updateSeason },
    remove: service.deleteSeason,
    messages: messagesFor('Season'),
  });
};
