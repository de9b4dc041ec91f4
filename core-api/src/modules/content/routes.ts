import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { validated } from '../../http/validate';
import { HERO_CONTENT_TYPES, HERO_FILE_PATTERN, getHeroImages, heroImagesPageSchema, readHeroFile } from './service';
import { catalogued } from '../../http/language';

/** Hero files never change in place (a new picture gets a new name), so browsers may keep them. */
const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

const heroImagesQuery = z.object({
  // Sent by the landing page in the CMS's syntax; the URL is always included, so it changes nothing.
  'populate[image][fields][0]': z.string().max(100).optional(),
});

const heroFileParams = z.object({
  file: z
    .string()
    .max(100, { abort: true, message: 'must be at most 100 characters' })
    .regex(HERO_FILE_PATTERN, catalogued('must be an image file name such as tea-terraces.svg')),
});

export const contentRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  // Public and outside the envelope: it stands in for the external CMS the front end was written against.
  app.get(
    '/api/hero-images',
    validated({ query: heroImagesQuery, response: heroImagesPageSchema, produces: ['application/json'], access: 'public' }, async () =>
      getHeroImages(db),
    ),
  );

  app.get(
    '/static/hero/:file',
    validated({ params: heroFileParams, produces: HERO_CONTENT_TYPES, access: 'public' }, async ({ params, reply }) => {
      const file = await readHeroFile(params.file);
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', IMMUTABLE_CACHE)
          .header('x-content-type-options', 'nosniff')
          // An SVG opened directly is a document: forbid scripts and outside resources inside it.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
          .send(file.content)
      );
    }),
  );
};
