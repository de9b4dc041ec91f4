import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { type AppRole, deletedAnswer, farmListPage, farmParams } from '@shambasoko/contracts';
import type { PersonAnswers } from '../../../cache/person-answers';
import { CSV_ROW_CAP, CSV_TOO_MANY, type CsvFile, csvFileName, toCsv } from './csv';
import { type ListOptions, type Page, listOptions } from './list';
import { languageOf } from '../../../http/language';

type Db = Kysely<Database>;

/** POST with the farm in the body (`/v1/crops`), or in the path (`/v1/farms/:farmId/fields`). */
type Create<Body, Item> =
  /** role: the account role creating one needs (a new farm needs a Farmer); members work by farm membership. */
  | { path: string; role?: AppRole; body: z.ZodType<Body>; run: (db: Db, userId: string, body: Body) => Promise<Item> }
  | { path: string; inFarm: true; body: z.ZodType<Body>; run: (db: Db, userId: string, farmId: string, body: Body) => Promise<Item> };

/**
 * What one farm resource (crops, seasons, …) hands `resourceRoutes` to get its five routes:
 *   GET    path            list        200
 *   POST   create.path     create      201, messages.added
 *   GET    path/:idParam   one item    200
 *   PATCH  path/:idParam   update      200, messages.updated
 *   DELETE path/:idParam   delete      200 `{ id }`, messages.deleted
 * The functions are the resource's service functions; they check what the caller may do. A list's
 * validated query doubles as its filters (the repositories read only the filter keys).
 */
export interface Resource<Item, Query extends ListOptions, IdParam extends string, Body, Update> {
  path: string;
  /** The answer of get, create and update, and the items of a list page. */
  item: z.ZodType<Item>;
  idParam: IdParam;
  params: z.ZodType<Record<IdParam, string>>;
  list: { query: z.ZodType<Query>; run: (db: Db, userId: string, filters: Query, options: ListOptions) => Promise<unknown> };
  create: Create<Body, Item>;
  get: (db: Db, userId: string, id: string) => Promise<Item>;
  update: { body: z.ZodType<Update>; run: (db: Db, userId: string, id: string, body: Update) => Promise<Item> };
  remove: (db: Db, userId: string, id: string) => Promise<void>;
  messages: { added: string | ((item: Item) => string); updated: string; deleted: string };
  /** Adds `GET <path>/export.csv`: the list's filters, search and sort, every page up to CSV_ROW_CAP rows. */
  csv?: CsvFile<Item>;
}

/** The usual messages: "Crop added", "Crop updated", "Crop deleted". */
export function messagesFor(noun: string): Resource<unknown, ListOptions, string, unknown, unknown>['messages'] {
  return { added: `${noun} added`, updated: `${noun} updated`, deleted: `${noun} deleted` };
}

export function resourceRoutes<Item, Query extends ListOptions, IdParam extends string, Body, Update>(
  app: FastifyInstance,
  db: Db,
  answers: PersonAnswers,
  r: Resource<Item, Query, IdParam, Body, Update>,
): void {
  const itemPath = `${r.path}/:${r.idParam}`;
  app.get(
    r.path,
    validated({ query: r.list.query, response: farmListPage(r.item) }, async ({ query, request, reply }) =>
      answers.send(request, reply, (userId) => r.list.run(db, userId, query, listOptions(query))),
    ),
  );
  const csv = r.csv;
  if (csv) {
    // A static path, so Fastify matches it before path/:idParam.
    app.get(
      `${r.path}/export.csv`,
      validated({ query: r.list.query, produces: ['text/csv'] }, async ({ query, request, reply }) => {
        const options = { ...listOptions(query), page: 1, pageSize: CSV_ROW_CAP };
        const page = (await r.list.run(db, requireUser(request).id, query, options)) as Page<Item>;
        // A file cut short would pass for the whole books: refuse it and say how to narrow it instead.
        if (page.total > page.items.length) throw new ApiError(400, CSV_TOO_MANY);
        reply.header('content-disposition', `attachment; filename="${csvFileName(csv.name)}"`);
        return reply.type('text/csv; charset=utf-8').send(toCsv(csv, page.items, languageOf(request.headers['accept-language'])));
      }),
    );
  }
  const added = async (reply: FastifyReply, item: Item) => {
    const message = typeof r.messages.added === 'string' ? r.messages.added : r.messages.added(item);
    return reply.status(201).send(ok(item, message));
  };
  const create = r.create;
  if ('inFarm' in create) {
    app.post(
      create.path,
      validated({ params: farmParams, body: create.body, response: r.item, statuses: [201] }, async ({ params, body, request, reply }) =>
        added(reply, await create.run(db, requireUser(request).id, params.farmId, body)),
      ),
    );
  } else {
    app.post(
      create.path,
      validated({ role: create.role, body: create.body, response: r.item, statuses: [201] }, async ({ body, request, reply }) =>
        added(reply, await create.run(db, requireUser(request).id, body)),
      ),
    );
  }
  app.get(
    itemPath,
    validated({ params: r.params, response: r.item }, async ({ params, request }) =>
      ok(await r.get(db, requireUser(request).id, params[r.idParam])),
    ),
  );
  app.patch(
    itemPath,
    validated({ params: r.params, body: r.update.body, response: r.item }, async ({ params, body, request }) =>
      ok(await r.update.run(db, requireUser(request).id, params[r.idParam], body), r.messages.updated),
    ),
  );
  app.delete(
    itemPath,
    validated({ params: r.params, response: deletedAnswer }, async ({ params, request }) => {
      const id = params[r.idParam];
      await r.remove(db, requireUser(request).id, id);
      return ok({ id }, r.messages.deleted);
    }),
  );
}
