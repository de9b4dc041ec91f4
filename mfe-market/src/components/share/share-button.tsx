import { useState } from 'react';
import { useMessageText } from '@shambasoko/shared';
import type { ShareLinkRequest } from '@shambasoko/contracts';
import { Button } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-orders';
import { absoluteShareUrl, useCreateShareLink } from './create-share-link';

/**
 * "Share": a link that opens the PDF without signing in for 7 days, handed to the phone's share sheet
 * (WhatsApp) where there is one, copied otherwise.
 */
export function ShareButton({ request, title }: { request: ShareLinkRequest; title: string }) {
  const t = useT();
  const messageText = useMessageText();
  const create = useCreateShareLink();
  const [failure, setFailure] = useState<string | null>(null);
  // Said beside the button: the order and statement pages have no toaster of their own.
  const [copied, setCopied] = useState(false);
  const share = async () => {
    setFailure(null);
    setCopied(false);
    try {
      const url = absoluteShareUrl(await create.mutateAsync(request));
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title, text: title, url });
          return;
        } catch (error) {
          // Closing the share sheet is no failure.
          if (error instanceof DOMException && error.name === 'AbortError') return;
        }
      }
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      setFailure(messageText(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" className="min-h-11" disabled={create.isPending} onClick={() => void share()}>
        {create.isPending ? t('share.busy') : t('share.button')}
      </Button>
      {copied && (
        <span role="status" className="text-sm text-brand-800">
          {t('share.copied')}
        </span>
      )}
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}
