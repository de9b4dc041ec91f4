import { useState } from 'react';
import { cx } from '../lib/cx';
import { PackageIcon } from './icons';

/**
 * A product photo that degrades to a neutral tile when the file is missing. `priority` is for a photo
 * likely to be the page's largest paint: fetched at once and early instead of lazily.
 */
export function ProductImage({
  src,
  alt,
  className,
  priority = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  priority?: boolean;
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
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailed(true)}
      className={cx('object-cover', className)}
    />
  );
}
