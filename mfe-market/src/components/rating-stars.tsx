import { useT } from '../lib/i18n';
import { StarIcon } from './icons';

/** Five stars with the figure for screen readers, e.g. "Rated 4.5 out of 5". */
export function RatingStars({ rating, size = 'sm' }: { rating: number; size?: 'sm' | 'md' }) {
  const t = useT();
  const rounded = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={t('rating.rated', { rating: rating.toFixed(1) })}
      className={`inline-flex text-amber-500 ${size === 'md' ? 'text-lg' : 'text-sm'}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= rounded} className={n <= rounded ? undefined : 'text-stone-300'} />
      ))}
    </span>
  );
}

/** Stars, the figure and how many reviews it rests on: "4.6 (40 reviews)". */
export function RatingSummary({ rating, reviews }: { rating: number; reviews: number }) {
  const t = useT();
  return (
    <span className="flex items-center gap-1.5">
      <RatingStars rating={rating} />
      <span className="tabular-nums">{t('rating.summary', { rating: rating.toFixed(1), count: reviews })}</span>
    </span>
  );
}
