import { useState } from 'react';
import { cx } from '../lib/cx';
import { PackageIcon } from './icons';

// Sellers' photos are stored as WebP at 400 and 800 px wide (core-api photos.ts); seed art is SVG.
const SIZED_PHOTO = /^(.+)-(?:400|800)\.webp$/;

/** Both stored widths of an uploaded photo, so a phone fetches the 400 px one and a wide screen the 800. */
export function photoSrcSet(src: string): string | undefined {
  const base = SIZED_PHOTO.exec(src)?.[1];
  return base ? `${base}-400.webp 400w, ${base}-800.webp 800w` : undefined;
}

const CARD_SIZES = '(min-width: 1024px) 25vw, 50vw';

/**
 * Starts fetching a card's photo before the card exists (the same candidate the card's <img> will pick,
 * so it then comes from the memory cache): the page's largest paint is often the first card's photo.
 */
export function preloadPhoto(src: string | null | undefined): void {
  if (!src || typeof Image === 'undefined') return;
  const image = new Image();
  image.fetchPriority = 'high';
  const srcSet = photoSrcSet(src);
  if (srcSet) {
    image.sizes = CARD_SIZES;
    image.srcset = srcSet;
  }
  image.src = src;
}

/**
 * A product photo that degrades to a neutral tile when the file is missing. `priority` is for a photo
 * likely to be the page's largest paint: fetched at once and early instead of lazily.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
  sizes = CARD_SIZES,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
  /** How wide the photo is shown, for picking from the srcset (a card by default). */
  sizes?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div role="img" aria-label={alt} className={cx('flex items-center justify-center bg-stone-100 text-4xl text-stone-400', className)}>
        <PackageIcon />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={photoSrcSet(src)}
      sizes={photoSrcSet(src) ? sizes : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      // Lower case: React 18 passes the attribute through but does not know the camel-cased prop.
      {...{ fetchpriority: priority ? 'high' : 'auto' }}
      decoding="async"
      onError={() => setFailed(true)}
      className={cx('object-cover', className)}
    />
  );
}
