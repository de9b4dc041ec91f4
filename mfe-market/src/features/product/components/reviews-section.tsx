import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { Review } from '@shambasoko/shared';
import { Button, EmptyState, FormError, TextAreaField } from '@shambasoko/shared/ui';
import { StarIcon, VerifiedIcon } from '../../../components/icons';
import { RatingStars } from '../../../components/rating-stars';
import { signInPath, useShopper } from '../../../lib/session';
import { useCreateReview } from '../api/create-review';

const dateFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', year: 'numeric' });
const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormat.format(d);
};

function StarPicker({ value, onChange }: { value: number; onChange(n: number): void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-stone-800">Your rating</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl text-amber-500">
            <input type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" />
            <span className="inline-flex rounded peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600">
              <StarIcon filled={n <= value} className={n <= value ? undefined : 'text-stone-300'} />
            </span>
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ReviewForm({ productId }: { productId: string }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [done, setDone] = useState(false);
  const mutation = useCreateReview(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (rating < 1) next.rating = 'Choose a rating from 1 to 5 stars';
    if (comment.trim().length < 3) next.comment = 'Write a few words about the product';
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

  if (done) return <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">Thank you! Your review has been posted.</p>;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <h3 className="font-semibold text-stone-900">Write a review</h3>
      <FormError message={mutation.error?.message} />
      <StarPicker value={rating} onChange={setRating} />
      {errors.rating && <p className="-mt-2 text-sm text-red-700">{errors.rating}</p>}
      <TextAreaField
        label="Your review"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        rows={4}
        error={errors.comment}
        maxLength={2000}
      />
      <div>
        <Button type="submit" loading={mutation.isPending} loadingText="Posting...">
          Post Review
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
  const { signedIn } = useShopper();
  const { pathname, search } = useLocation();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <span className="text-3xl font-bold text-stone-900 tabular-nums">{rating.toFixed(1)}</span>
        <div>
          <RatingStars rating={rating} size="md" />
          <p className="text-sm text-stone-500">{count === 1 ? '1 review' : `${count} reviews`}</p>
        </div>
      </div>
      {reviews.length === 0 ? (
        <EmptyState title="No reviews yet" message="Buyers who ordered this product can be the first to review it." />
      ) : (
        <ul className="divide-y divide-stone-200">
          {reviews.map((r) => (
            <li key={r.id} className="py-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium text-stone-900">{r.user}</span>
                <RatingStars rating={r.rating} />
                {r.verified && (
                  <span className="inline-flex items-center gap-1 text-xs font-medium text-brand-700">
                    <VerifiedIcon /> Verified purchase
                  </span>
                )}
                <span className="text-sm text-stone-500">{formatDate(r.date)}</span>
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
          <Link to={signInPath(pathname + search)} state={{ from: pathname + search }} className="font-medium text-brand-700 underline">
            Sign in
          </Link>{' '}
          to review a product you bought.
        </p>
      )}
    </div>
  );
}
