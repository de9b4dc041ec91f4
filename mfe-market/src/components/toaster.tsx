import { useEffect } from 'react';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';
import { CheckIcon } from './frame-icons';
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

/** Where toasts appear: top centre, above everything, announced politely. */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 px-3"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
