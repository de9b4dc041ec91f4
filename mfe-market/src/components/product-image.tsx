import { useState } from 'react';
import { cx } from '../lib/cx';
import { PackageIcon } from './package-icon';
import { CARD_SIZES, photoSrcSet } from './photo-src';

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
