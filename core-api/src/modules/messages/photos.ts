import type { Kysely } from 'kysely';
import type { Message } from '@shambasoko/contracts';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';
import type { PhotoStore } from '../../storage/photo-store';
import { NOT_A_PHOTO, processPhoto } from '../market';
import * as repo from './repository';
import { conversationFor, sendMessage } from './service';

// A photo in a conversation: checked and re-encoded as listing photos are (EXIF dropped), kept in a
// store of its own that no public route serves, and read back by the conversation's members only.

type Db = Kysely<Database>;
const PHOTO_NOT_FOUND = 'Photo not found';

/** Sends one photo as a message of its own; a retry with the same Idempotency-Key sends nothing again. */
export async function sendPhoto(
  db: Db,
  store: PhotoStore,
  userId: string,
  id: string,
  body: unknown,
  key: string | null,
): Promise<{ message: Message; created: boolean }> {
  // A stranger learns nothing, and costs no decoding, before the photo is looked at.
  await conversationFor(db, userId, id);
  if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(422, NOT_A_PHOTO);
  const photo = await processPhoto(body);
  // Stored before the message row exists, outside any transaction; the same photo gets the same names.
  for (const file of photo.files) await store.put(file.name, file.bytes, 'image/webp');
  return sendMessage(db, userId, id, '', key, [photo.hash]);
}

/** The photo's bytes, for a member of a conversation that holds it; 404 as for a missing one otherwise. */
export async function readPhoto(db: Db, store: PhotoStore, userId: string, id: string, name: string): Promise<Buffer> {
  const c = await conversationFor(db, userId, id);
  const hash = name.slice(0, name.indexOf('-'));
  if (!(await repo.conversationHasPhoto(db, c.id, hash))) throw new ApiError(404, PHOTO_NOT_FOUND);
  const bytes = await store.get(name);
  if (bytes === undefined) throw new ApiError(404, PHOTO_NOT_FOUND);
  return bytes;
}
