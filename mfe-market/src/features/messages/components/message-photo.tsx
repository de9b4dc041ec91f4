import { useState } from 'react';
import { Dialog, Skeleton } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-messages';
import { useMessagePhoto } from '../api/message-photo';

/** The thumbnail size of a full-size message photo URL (…-800.webp → …-400.webp). */
const thumbnailOf = (url: string) => url.replace(/-800\.webp$/, '-400.webp');

function FullSize({ url }: { url: string }) {
  const t = useT();
  const photo = useMessagePhoto(url);
  if (photo.isError) return <p className="text-sm text-red-700">{t('thread.photoLoadError')}</p>;
  if (photo.src === null) return <Skeleton className="h-64 w-full" />;
  return <img src={photo.src} alt={t('thread.photoAlt')} className="mx-auto max-h-[70vh] w-auto rounded-lg" />;
}

/** A photo in a bubble: its thumbnail, which opens the full size in a dialog. */
export function MessagePhoto({ url }: { url: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const thumbnail = useMessagePhoto(thumbnailOf(url));
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('thread.openPhoto')}
        className="block h-40 w-40 overflow-hidden rounded-2xl bg-stone-100"
      >
        {thumbnail.isError ? (
          <span className="p-2 text-xs text-red-700">{t('thread.photoLoadError')}</span>
        ) : thumbnail.src === null ? (
          <Skeleton className="h-full w-full" />
        ) : (
          <img src={thumbnail.src} alt={t('thread.photoAlt')} className="h-full w-full object-cover" data-testid="message-thumbnail" />
        )}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('thread.photoTitle')} size="lg">
        {open && <FullSize url={url} />}
      </Dialog>
    </>
  );
}
