import type { ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { AlertCircleIcon } from './icons';
import { MessageText } from './message-text';
import { useUiT } from '@shambasoko/shared';

export type ErrorStateProps = {
  title?: ReactNode;
  message?: ReactNode;
  /** Shows a "Retry" button that calls this. */
  onRetry?: () => void;
  /** Shows the Retry button as busy while a retry is in flight. */
  retrying?: boolean;
  className?: string;
};

/** Shown in place of content that failed to load. */
export function ErrorState({ title, message, onRetry, retrying = false, className }: ErrorStateProps) {
  const t = useUiT();
  return (
    <div role="alert" className={cx('flex flex-col items-center gap-2 px-4 py-10 text-center', className)}>
      <AlertCircleIcon className="mb-1 text-4xl text-red-600" />
      <p className="text-base font-semibold text-stone-800">{title ?? t('error.title')}</p>
      {message && (
        <p className="max-w-sm text-sm text-stone-600">{typeof message === 'string' ? <MessageText text={message} /> : message}</p>
      )}
      {onRetry && (
        <Button variant="secondary" className="mt-2" onClick={onRetry} loading={retrying}>
          {t('retry')}
        </Button>
      )}
    </div>
  );
}
