import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import { listHeroImages } from './repository';

/** Files under core-api/static are public; hero_images.image_path is relative to it. */
const STATIC_DIR = path.resolve(__dirname, '..', '..', '..', 'static');
const HERO_DIR = path.join(STATIC_DIR, 'hero');
const STATIC_URL_PREFIX = '/static/';

export const HERO_FILE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*\.(svg|png|jpe?g|webp)$/;

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
/** What GET /static/hero/:file may answer. */
export const HERO_CONTENT_TYPES = [...new Set(Object.values(CONTENT_TYPES))];

/**
 * GET /api/hero-images, outside the envelope: the shape of the CMS it stands in for (Strapi's),
 * which the landing page already reads. Here, not in @shambasoko/shared: every bundle carries that whole.
 */
export const heroImagesPageSchema = z.object({
  data: z.array(
    z.object({ id: z.number().int(), is_active: z.boolean(), title: z.string(), alt: z.string(), image: z.object({ url: z.string() }) }),
  ),
});
export type HeroImagesPage = z.infer<typeof heroImagesPageSchema>;

export async function getHeroImages(db: Kysely<Database>): Promise<HeroImagesPage> {
  const rows = await listHeroImages(db);
  return {
    data: rows.map((row) => ({
      id: row.id,
      is_active: row.is_active,
      title: row.title,
      alt: row.alt,
      image: { url: `${STATIC_URL_PREFIX}${row.image_path}` },
    })),
  };
}

export interface StaticFile {
  content: Buffer;
  contentType: string;
}

export async function readHeroFile(fileName: string): Promise<StaticFile> {
  const filePath = path.join(HERO_DIR, fileName);
  const contentType = CONTENT_TYPES[path.extname(fileName).toLowerCase()];
  // The route's pattern already forbids separators; this re-check keeps the rule local to the read.
  if (!HERO_FILE_PATTERN.test(fileName) || path.dirname(filePath) !== HERO_DIR || contentType === undefined) {
    throw new ApiError(400, `file: ${fileName} is not a valid image file name`);
  }
  try {
    return { content: await fs.readFile(filePath), contentType };
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') {
      throw new ApiError(404, `Image ${fileName} not found`);
    }
    throw error;
  }
}
