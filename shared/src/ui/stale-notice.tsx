import { Button } from './button';
import { AlertCircleIcon } from './icons';
import { MessageText } from './message-text';
import { useUiT } from '@shambasoko/shared';

/** Above rows kept after a failed refresh: they are what was loaded last, not what is there now. */
export function StaleNotice({ message, onRetry, what }: { message: string; onRetry?: (() => void) | undefined; what?: string }) {
  const t = useUiT();
  return (
    <div
      role="alert"
      className="m-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <AlertCircleIcon className="shrink-0 text-lg text-amber-700" />
      <p className="min-w-0 flex-1">
        <MessageText text={message} /> <span className="font-medium">{t('stale', { what: what ?? t('stale.theList') })}</span>
      </p>
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
