// A product photo's addresses, without the component (product-image.tsx) or its icons: the market's
// routes preload the first row's photos (prime-market.ts), and every market page loads the routes.
// Sellers' photos are stored as WebP at 400 and 800 px wide (core-api photos.ts); seed art is SVG.
const SIZED_PHOTO = /^(.+)-(?:400|800)\.webp$/;

/** Both stored widths of an uploaded photo, so a phone fetches the 400 px one and a wide screen the 800. */
export function photoSrcSet(src: string): string | undefined {
  const base = SIZED_PHOTO.exec(src)?.[1];
  return base ? `${base}-400.webp 400w, ${base}-800.webp 800w` : undefined;
}

export const CARD_SIZES = '(min-width: 1024px) 25vw, 50vw';

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
