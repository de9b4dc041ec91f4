import { useRef, useState } from 'react';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_LISTING, type SellerListing } from '@shambasoko/shared/contracts';
import { Button, Card, FormError } from '@shambasoko/shared/ui';
import { useRemovePhoto, useUploadPhoto } from '../api/listings';

/** The API's words for a file over the limit, said before sending 8 MB over a phone connection. */
const TOO_BIG_MESSAGE = `Photos must be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB`;

/** Upload (the file itself as the request body) and remove a listing's photos. */
export function PhotoManager({ listing }: { listing: SellerListing }) {
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
      setError(TOO_BIG_MESSAGE);
      return;
    }
    upload.mutate({ id: listing.id, file }, { onError: (e) => setError(e.message) });
  };

  return (
    <Card title="Photos">
      <div className="flex flex-col gap-4">
        {listing.photos.length === 0 ? (
          <p className="text-sm text-stone-600">No photos yet. Buyers trust listings with a clear photo.</p>
        ) : null}
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Photos">
          {listing.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <img
                src={photo.url}
                alt={`Photo ${index + 1} of ${listing.title}`}
                className="aspect-square w-full rounded-lg object-cover"
              />
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Remove photo ${index + 1}`}
                loading={remove.isPending && remove.variables?.photo.id === photo.id}
                onClick={() => remove.mutate({ id: listing.id, photo }, { onError: (e) => setError(e.message) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <FormError message={error} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="listing-photo" className="text-sm font-medium text-stone-800">
            Add a photo
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
              ? 'Uploading…'
              : full
                ? `At most ${MAX_PHOTOS_PER_LISTING} photos.`
                : `A JPEG, PNG or WebP photo, at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`}
          </p>
        </div>
      </div>
    </Card>
  );
}
