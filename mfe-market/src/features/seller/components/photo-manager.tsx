import { useRef, useState } from 'react';
import type { SellerListing } from '@shambasoko/contracts';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING } from '@shambasoko/contracts/market-seller-values';
import { useMessageText } from '@shambasoko/shared';
import { Button, Card, FormError } from '@shambasoko/shared/ui';
import { useRemovePhoto, useUploadPhoto } from '../api/listings';
import { useT } from '../../../lib/i18n-listing';

const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** Upload (the file itself as the request body) and remove a listing's photos. */
export function PhotoManager({ listing }: { listing: SellerListing }) {
  const t = useT();
  const messageText = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const [error, setError] = useState<string | null>(null);
  const full = listing.photos.length >= MAX_PHOTOS_PER_LISTING;

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_PHOTO_BYTES) {
      // The API's words for a file over the limit, said before sending 8 MB over a phone connection.
      setError(t('photos.tooBig', { mb: MAX_MB }));
      return;
    }
    upload.mutate({ id: listing.id, file }, { onError: (e) => setError(messageText(e.message)) });
  };

  return (
    <Card title={t('photos.title')}>
      <div className="flex flex-col gap-4">
        {listing.photos.length === 0 ? <p className="text-sm text-stone-600">{t('photos.none')}</p> : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('photos.title')}>
          {listing.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <img
                src={photo.url}
                alt={t('photos.alt', { n: index + 1, title: listing.title })}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <Button
                size="sm"
                variant="secondary"
                aria-label={t('photos.removeLabel', { n: index + 1 })}
                loading={remove.isPending && remove.variables?.photo.id === photo.id}
                onClick={() => remove.mutate({ id: listing.id, photo }, { onError: (e) => setError(messageText(e.message)) })}
              >
                {t('photos.remove')}
              </Button>
            </li>
          ))}
        </ul>
        <FormError message={error} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="listing-photo" className="text-sm font-medium text-stone-800">
            {t('photos.add')}
          </label>
          <input
            ref={input}
            id="listing-photo"
            type="file"
            accept="image/*"
            disabled={full || upload.isPending}
            onChange={(e) => choose(e.target.files?.[0])}
            className="text-sm file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:text-sm file:font-medium"
          />
          <p className="text-sm text-stone-500">
            {upload.isPending
              ? t('photos.uploading')
              : full
                ? t('photos.full', { max: MAX_PHOTOS_PER_LISTING })
                : t('photos.hint', { mb: MAX_MB })}
          </p>
        </div>
      </div>
    </Card>
  );
}
