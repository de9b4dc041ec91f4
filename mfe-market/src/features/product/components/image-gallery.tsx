import { useState } from 'react';
import { ProductImage } from '../../../components/product-image';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n-product';

export function ImageGallery({ images, name }: { images: readonly string[]; name: string }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0] ?? null;
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-[4/3] overflow-hidden rounded-xl border border-stone-200 bg-white">
        <ProductImage
          src={current}
          alt={images.length > 1 ? t('gallery.image', { name, index: index + 1, total: images.length }) : name}
          className="size-full"
          sizes="(min-width: 1024px) 50vw, 100vw"
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t('gallery.images')}>
          {images.map((src, i) => (
            <li key={src + i} className="shrink-0">
              <button
                type="button"
                aria-label={t('gallery.show', { index: i + 1, total: images.length })}

                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
                className={cx(
                  'block size-16 overflow-hidden rounded-lg border-2 bg-white sm:size-20',
                  i === index ? 'border-brand-600' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <ProductImage src={src} alt="" className="size-full" sizes="80px" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
