// Answers that belong to no product area: the health check and the landing page's hero pictures.
import { z } from 'zod';

/** Answer of GET /health; a database that does not answer is a 503 instead. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export type HealthReport = z.infer<typeof healthSchema>;

/**
 * GET /api/hero-images, outside the envelope: the shape of the CMS it stands in for (Strapi's),
 * which the landing page already reads.
 */
export const heroImagesPageSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      is_active: z.boolean(),
      title: z.string(),
      alt: z.string(),
      /** `url` is a path under the API, e.g. /static/hero/tea-terraces.svg. */
      image: z.object({ url: z.string() }),
    }),
  ),
});
export type HeroImagesPage = z.infer<typeof heroImagesPageSchema>;
