import { cx } from './cx';
import { AlertCircleIcon } from './icons';
import { MessageText } from './message-text';

export type FormErrorProps = {
  /** The message; nothing is rendered when it is empty, null or undefined. */
  message?: string | null;
  className?: string;
};

/** The red box shown above a form when submitting fails; announced by screen readers (role="alert"). */
export function FormError({ message, className }: FormErrorProps) {
  if (!message || !message.trim()) return null;
  return (
    <div
      role="alert"
      className={cx('flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800', className)}
    >
      <AlertCircleIcon className="mt-0.5 shrink-0 text-base" />
      <p>
        <MessageText text={message} />
      </p>
    </div>
  );
}
