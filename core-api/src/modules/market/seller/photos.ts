import { createHash } from 'node:crypto';
import { ApiError } from '../../../http/envelope';
import { loadOnce } from '../../../load-once';

const loadSharp = loadOnce(async () => (await import('sharp')).default);

export const NOT_A_PHOTO = 'This file is not a photo. Choose a JPG, PNG or WebP picture.';
export const PHOTO_TOO_LARGE = 'Photos must be at most 8 MB';
const TOO_MANY_PIXELS = 'This photo is too large. Choose one of at most 40 megapixels.';

/** Decoding cost grows with pixels, not bytes: a small file can claim a huge image. */
const MAX_INPUT_PIXELS = 40_000_000;
/** What we decode: the formats phones and cameras make. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif']);
/** The catalog's sizes: cards (400) and the product page (800). */
const PHOTO_SIZES = [400, 800] as const;

export interface ProcessedPhoto {
  /** sha256 prefix of the uploaded bytes: the same photo twice gets the same name. */
  hash: string;
  files: { size: (typeof PHOTO_SIZES)[number]; name: string; bytes: Buffer }[];
}

/**
 * Checks the bytes really are a photo (the declared type and file name are not trusted), turns it
 * upright, and encodes each size as WebP. sharp writes no metadata unless asked, so EXIF (GPS
 * position, camera serial) is dropped. Throws 422 for anything that is not a decodable photo.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  // Outside the try blocks: a library that fails to load is our fault, not the photo's.
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    if (meta.width !== undefined && meta.height !== undefined && meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new ApiError(422, TOO_MANY_PIXELS);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(422, NOT_A_PHOTO);
  }
  if (format === undefined || !ACCEPTED_FORMATS.has(format)) throw new ApiError(422, NOT_A_PHOTO);

  const hash = createHash('sha256').update(input).digest('hex').slice(0, 32);
  try {
    const files = await Promise.all(
      PHOTO_SIZES.map(async (size) => ({
        size,
        name: `${hash}-${size}.webp`,
        bytes: await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    return { hash, files };
  } catch {
    // A header that reads as a photo over a body that does not decode (truncated, corrupt).
    throw new ApiError(422, NOT_A_PHOTO);
  }
}
