import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  SELLER_ROLES,
  MAX_PHOTO_BYTES,
  createListingSchema,
  deletedAnswer,
  inventoryPageSchema,
  inventoryQuerySchema,
  listingParamsSchema,
  listingPhotoParamsSchema,
  sellerListingPageSchema,
  sellerListingQuerySchema,
  sellerListingSchema,
  sellerProfileAnswerSchema,
  sellerParamsSchema,
  sellerProfileRequestSchema,
  sellerProfileSchema,
  sellerVerifiedRequestSchema,
  stockAdjustmentRequestSchema,
  stockAdjustmentSchema,
  updateListingSchema,
  uploadFileParamsSchema,
} from '@shambasoko/contracts';
import { requireUser } from '../../../auth/require-user';
import type { Database } from '../../../db/schema';
import { ApiError, ok } from '../../../http/envelope';
import { validated } from '../../../http/validate';
import type { PhotoStore } from '../../../storage/photo-store';
import type { CatalogCache } from '../catalog/cache';
import { PHOTO_TOO_LARGE } from './photos';
import {
  addPhoto,
  adjustStock,
  createListing,
  deleteListing,
  getProfile,
  inventory,
  listMyListings,
  listingOf,
  putProfile,
  removePhoto,
  sellerOf,
  setVerified,
  updateListing,
} from './service';

/** A photo's name changes with its bytes, so any cache may keep it for good. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
const PHOTO_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)$/i;

export interface SellerRouteOptions {
  db: Kysely<Database>;
  cache: CatalogCache;
  photoStore: PhotoStore;
}

/** The selling side: profile, listings, photos, stock. Every route works on the caller's own seller row. */
export const sellerRoutes: FastifyPluginAsync<SellerRouteOptions> = async (app, { db, cache, photoStore }) => {
  // Photos arrive as the raw file; only the photo route reads such a body (others expect JSON).
  app.addContentTypeParser(PHOTO_TYPES, { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (request, body, done) => {
    done(null, body);
  });

  // Before body validation, so an anonymous caller learns to sign in rather than about a field.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.url?.startsWith('/static/')) requireUser(request);
  });

  app.get(
    '/v1/seller/profile',
    validated({ response: sellerProfileAnswerSchema }, async ({ request }) =>
      ok({ profile: await getProfile(db, requireUser(request).id) }),
    ),
  );

  app.put(
    '/v1/seller/profile',
    validated({ body: sellerProfileRequestSchema, response: sellerProfileSchema, role: SELLER_ROLES }, async ({ body, request }) =>
      ok(await putProfile(db, cache, requireUser(request).id, body), 'Seller profile saved'),
    ),
  );

  app.get(
    '/v1/seller/products',
    validated({ query: sellerListingQuerySchema, response: sellerListingPageSchema }, async ({ query, request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      return ok(await listMyListings(db, seller.id, query));
    }),
  );

  app.post(
    '/v1/seller/products',
    validated(
      { body: createListingSchema, response: sellerListingSchema, role: SELLER_ROLES, statuses: [201] },
      async ({ body, request, reply }) => {
        const listing = await createListing(db, cache, requireUser(request).id, body);
        return reply.code(201).send(ok(listing, 'Product listed'));
      },
    ),
  );

  app.get(
    '/v1/seller/products/:id',
    validated({ params: listingParamsSchema, response: sellerListingSchema }, async ({ params, request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      return ok(await listingOf(db, seller.id, params.id));
    }),
  );

  app.patch(
    '/v1/seller/products/:id',
    validated(
      { params: listingParamsSchema, body: updateListingSchema, response: sellerListingSchema },
      async ({ params, body, request }) => {
        const seller = await sellerOf(db, requireUser(request).id);
        return ok(await updateListing(db, cache, seller.id, params.id, body), 'Product updated');
      },
    ),
  );

  app.delete(
    '/v1/seller/products/:id',
    validated({ params: listingParamsSchema, response: deletedAnswer }, async ({ params, request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      await deleteListing(db, cache, seller.id, params.id);
      return ok({ id: params.id }, 'Product deleted');
    }),
  );

  app.post(
    '/v1/seller/products/:id/photos',
    {
      bodyLimit: MAX_PHOTO_BYTES,
      // Fastify's own "body too large" becomes the message people see; other errors go on as they are.
      errorHandler: (error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new ApiError(413, PHOTO_TOO_LARGE);
        throw error;
      },
    },
    validated({ params: listingParamsSchema, response: sellerListingSchema, statuses: [201] }, async ({ params, request, reply }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      const listing = await addPhoto(db, cache, photoStore, seller.id, params.id, request.body);
      return reply.code(201).send(ok(listing, 'Photo added'));
    }),
  );

  app.delete(
    '/v1/seller/products/:id/photos/:photoId',
    validated({ params: listingPhotoParamsSchema, response: sellerListingSchema }, async ({ params, request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      return ok(await removePhoto(db, cache, photoStore, seller.id, params.id, params.photoId), 'Photo removed');
    }),
  );

  app.post(
    '/v1/seller/products/:id/stock-adjustments',
    validated(
      { params: listingParamsSchema, body: stockAdjustmentRequestSchema, response: stockAdjustmentSchema, statuses: [201] },
      async ({ params, body, request, reply }) => {
        const user = requireUser(request);
        const seller = await sellerOf(db, user.id);
        const adjustment = await adjustStock(db, cache, seller, user.id, params.id, body);
        return reply.code(201).send(ok(adjustment, 'Stock updated'));
      },
    ),
  );

  app.get(
    '/v1/seller/inventory',
    validated({ query: inventoryQuerySchema, response: inventoryPageSchema }, async ({ query, request }) => {
      const seller = await sellerOf(db, requireUser(request).id);
      return ok(await inventory(db, seller.id, query));
    }),
  );

  app.put(
    '/v1/admin/sellers/:id/verified',
    validated(
      { params: sellerParamsSchema, body: sellerVerifiedRequestSchema, response: sellerProfileSchema, role: 'Admin' },
      async ({ params, body, request }) =>
        ok(
          await setVerified(db, cache, requireUser(request).id, params.id, body.verified),
          body.verified ? 'Seller verified' : 'Badge removed',
        ),
    ),
  );

  app.get(
    '/static/uploads/:file',
    validated({ params: uploadFileParamsSchema, produces: ['image/webp'], access: 'public' }, async ({ params, reply }) => {
      const bytes = await photoStore.get(params.file);
      if (bytes === undefined) throw new ApiError(404, `Image ${params.file} not found`);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', IMMUTABLE_CACHE)
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    }),
  );
};
