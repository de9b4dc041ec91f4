// The toasts' list inside its region (toast-region.tsx): the frame shows it from the start (toaster.tsx),
// a dashboard page loads it with its first toast (dashboard-toasts.tsx).
import { useEffect } from 'react';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';
import { CheckIcon } from './check-icon';
import { type Toast, useToasts } from './toasts';

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const dismiss = useToasts((s) => s.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), 6000);
    return () => clearTimeout(timer);
  }, [toast.id, dismiss]);
  return (
    <div
      className={cx(
        'pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lg',
        toast.tone === 'success' ? 'border-brand-100 bg-brand-50 text-brand-800' : 'border-red-200 bg-red-50 text-red-900',
      )}
    >
      {toast.tone === 'success' && <CheckIcon className="mt-0.5 shrink-0 text-base text-brand-700" />}
      <p className="flex-1">{toast.message}</p>
      <button
        type="button"
        aria-label={t('toast.dismiss')}

        onClick={() => dismiss(toast.id)}
        className="-my-1 -mr-2 inline-flex size-7 items-center justify-center rounded-md text-stone-500 hover:bg-white/60"
      >
        ×
      </button>
    </div>
  );
}

/** The toasts raised so far, each gone after 6 s or when dismissed. */
export function ToastItems() {
  const toasts = useToasts((s) => s.toasts);
  return toasts.map((t) => <ToastItem key={t.id} toast={t} />);
}
