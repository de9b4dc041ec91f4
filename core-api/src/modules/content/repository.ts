import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function listHeroImages(db: Kysely<Database>) {
  return db
    .selectFrom('hero_images')
    .select(['id', 'title', 'alt', 'image_path', 'is_active'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}
