import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import { cropParams, deletedAnswer } from '@shambasoko/contracts';

type Db = Kysely<Database>;

/**
 * A record kept against a crop (a harvest, a sale), declared once:
 *   GET    /v1/crops/:cropId/<segment>   the crop's records   200
 *   POST   /v1/crops/:cropId/<segment>   record one           201, messages.added
 *   PATCH  /v1/<segment>/:<idParam>      change one           200, messages.updated
 *   DELETE /v1/<segment>/:<idParam>      delete one           200 `{ id }`, messages.deleted
 * The functions are the resource's service functions; they check what the caller may do.
 */
export interface CropRecord<Item, Listing, IdParam extends string, Body, Update> {
  segment: string;
  item: z.ZodType<Item>;
  idParam: IdParam;
  params: z.ZodType<Record<IdParam, string>>;
  list: { response: z.ZodType<Listing>; run: (db: Db, userId: string, cropId: string) => Promise<Listing> };
  create: { body: z.ZodType<Body>; run: (db: Db, userId: string, cropId: string, body: Body) => Promise<Item> };
  update: { body: z.ZodType<Update>; run: (db: Db, userId: string, id: string, body: Update) => Promise<Item> };
  remove: (db: Db, userId: string, id: string) => Promise<void>;
  messages: { added: string; updated: string; deleted: string };
}

export function cropRecordRoutes<Item, Listing, IdParam extends string, Body, Update>(
  app: FastifyInstance,
  db: Db,
  r: CropRecord<Item, Listing, IdParam, Body, Update>,
): void {
  const onCrop = `/v1/crops/:cropId/${r.segment}`;
  const one = `/v1/${r.segment}/:${r.idParam}`;
  app.get(
    onCrop,
    validated({ params: cropParams, response: r.list.response }, async ({ params, request }) =>
      ok(await r.list.run(db, requireUser(request).id, params.cropId)),
    ),
  );
  app.post(
    onCrop,
    validated({ params: cropParams, body: r.create.body, response: r.item, statuses: [201] }, async ({ params, body, request, reply }) =>
      reply.status(201).send(ok(await r.create.run(db, requireUser(request).id, params.cropId, body as Body), r.messages.added)),
    ),
  );
  app.patch(
    one,
    validated({ params: r.params, body: r.update.body, response: r.item }, async ({ params, body, request }) =>
      ok(
        await r.update.run(db, requireUser(request).id, (params as Record<IdParam, string>)[r.idParam], body as Update),
        r.messages.updated,
      ),
    ),
  );
  app.delete(
    one,
    validated({ params: r.params, response: deletedAnswer }, async ({ params, request }) => {
      const id = (params as Record<IdParam, string>)[r.idParam];
      await r.remove(db, requireUser(request).id, id);
      return ok({ id }, r.messages.deleted);
    }),
  );
}
