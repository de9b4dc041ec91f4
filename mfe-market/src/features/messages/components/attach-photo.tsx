import { useRef, useState } from 'react';
import { MAX_PHOTO_BYTES } from '@shambasoko/contracts/market-seller-values';
import { useMessageText } from '@shambasoko/shared';
import { FormError } from '@shambasoko/shared/ui';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useT } from '../../../lib/i18n-messages';
import { useSendPhoto } from '../api/send-photo';

const MAX_MB = MAX_PHOTO_BYTES / (1024 * 1024);

/** The composer's attach button: the chosen photo goes at once, as a message of its own. */
export function AttachPhoto({ conversationId }: { conversationId: string }) {
  const t = useT();
  const messageText = useMessageText();
  const input = useRef<HTMLInputElement>(null);
  const send = useSendPhoto(conversationId);
  const [error, setError] = useState<string | null>(null);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    setError(null);
    // Said before sending 8 MB over a phone connection, in the API's words.
    if (file.size > MAX_PHOTO_BYTES) return setError(t('thread.photoTooBig', { mb: MAX_MB }));
    send.mutate({ file, key: newIdempotencyKey() }, { onError: (e) => setError(messageText(e.message)) });
  };

  return (
    <div className="flex flex-col gap-1">
      <FormError message={error} />
      <label
        className={`inline-flex min-h-10 cursor-pointer items-center gap-2 self-start rounded-lg border border-stone-300 bg-white px-3 text-sm font-medium text-stone-800 focus-within:ring-2 focus-within:ring-brand-600 ${send.isPending ? 'opacity-60' : ''}`}
      >
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/avif"
          className="sr-only"
          disabled={send.isPending}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        {send.isPending ? t('thread.photoSending') : t('thread.attach')}
      </label>
    </div>
  );
}
