import { afterLargestPaint } from '@shambasoko/shared';

// When a repeat visit's first screen, painted from what the device kept, is up: the moment to ask the
// server again. Asked earlier, on a slow link the fresh answer would compete with the photos on screen.

/** A photo's URL without its stored width, which the card's <img> picks from its srcset. */
const stemOf = (src: string) => src.replace(/-(?:400|800)\.webp$/, '');

/** Without the Largest Contentful Paint API (Safari), the first screen is taken to be up after this. */
export const FIRST_SCREEN_GUESS_MS = 1000;

/**
 * Resolves once one of `photos` has been painted as the page's largest paint so far, or after
 * `limitMs` (a photo that is not the largest paint never is). Opened from another page of the app
 * (after a tap, which stops those reports), shortly after it is asked.
 */
export function afterFirstScreen(photos: ReadonlyArray<string | null | undefined>, limitMs = 2500): Promise<void> {
  const stems = photos.filter((p): p is string => !!p).map(stemOf);
  return afterLargestPaint({
    matches: (url) => url !== '' && stems.some((stem) => url.includes(stem)),
    buffered: true,
    limitMs: stems.length > 0 ? limitMs : FIRST_SCREEN_GUESS_MS,
    withoutReportsMs: FIRST_SCREEN_GUESS_MS,
  });
}
