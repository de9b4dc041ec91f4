import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Review } from '@shambasoko/contracts';
import { Rich, formatDate, useMessageText } from '@shambasoko/shared';
import { Button, EmptyState, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { StarIcon, VerifiedIcon } from '../../../components/icons';
import { RatingStars } from '../../../components/rating-stars';
import { useT } from '../../../lib/i18n-reviews';
import { signInPath, useShopper } from '../../../lib/session';
import { useCreateReview } from '../api/create-review';

/** "24 Nov 2026" in the page's language; an unreadable date as it came. */
const reviewDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d);
};

function StarPicker({ value, onChange }: { value: number; onChange(n: number): void }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">{t('reviews.yourRating')}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl text-amber-500">
            <input type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
            <span className="inline-flex rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
              <StarIcon filled={n <= value} className={n <= value ? undefined : 'text-stone-300'} />
            </span>
            <span className="sr-only">{t('reviews.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const t = useT();
  const messageText = useMessageText();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [done, setDone] = useState(false);
  const mutation = useCreateReview(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (rating < 1) next.rating = t('reviews.ratingRequired');
    if (comment.trim().length < 3) next.comment = t('reviews.commentRequired');
    setErrors(next);
    if (next.rating || next.comment) return;
    mutation.mutate(
      { rating, comment: comment.trim() },
      {
        onSuccess: () => {
          setDone(true);
          setRating(0);
          setComment('');
        },
      },
    );
  };

  if (done) return <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">{t('reviews.thanks')}</p>;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h3 className="font-semibold text-stone-900">{t('reviews.write')}</h3>
      <FormError message={mutation.error ? messageText(mutation.error.message) : undefined} />
      <StarPicker value={rating} onChange={setRating} />
      {errors.rating && <p className="-mt-2 text-sm text-red-700">{errors.rating}</p>}
      <TextAreaField
        label={t('reviews.yourReview')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={4}
        error={errors.comment}
        maxLength={2000}
      />
      <div>
        <Button type="submit" loading={mutation.isPending} loadingText={t('reviews.posting')}>
          {t('reviews.post')}
        </Button>
      </div>
    </form>
  );
}

export function ReviewsSection({
  productId,
  reviews,
  rating,
  count,
}: {
  productId: string;
  reviews: readonly Review[];
  rating: number;
  count: number;
}) {
  const t = useT();
  const messageText = useMessageText();
  const { signedIn } = useShopper();
  const { pathname, search } = useLocation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <span className="text-3xl font-bold text-stone-900 tabular-nums">{rating.toFixed(1)}</span>
        <div>
          <RatingStars rating={rating} size="md" />
          <p className="text-sm text-stone-500">{t('reviews.count', { count })}</p>
        </div>
      </div>
      {reviews.length === 0 ? (
        <EmptyState title={t('reviews.noneTitle')} message={t('reviews.noneText')} />
      ) : (
        <ul className="divide-y divide-stone-200">
          {reviews.map((r) => (
            <li key={r.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                {/* A deleted account's reviews carry the API's catalogued "Former customer". */}
                <span className="font-medium text-stone-900">{messageText(r.user)}</span>
                <RatingStars rating={r.rating} />
                {r.verified && (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-700">
                    <VerifiedIcon /> {t('reviews.verified')}
                  </span>
                )}
                <span className="text-sm text-stone-500">{reviewDate(r.date)}</span>
              </div>
              <p className="mt-1.5 text-stone-700">{r.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {signedIn ? (
        <ReviewForm productId={productId} />
      ) : (
        <p className="text-sm text-stone-600">
          <Rich
            text={t('reviews.signIn')}
            components={{
              link: (
                <Link
                  to={signInPath(pathname + search)}
                  state={{ from: pathname + search }}
                  className="font-medium text-brand-700 underline"
                />
              ),
            }}
          />
        </p>
      )}
    </div>
  );
}
