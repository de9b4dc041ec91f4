import { useUiTNow } from './i18n';

// Shown as Suspense fallbacks: they never wait for a catalog themselves.
export function Spinner({ label }: { label?: string }) {
  const t = useUiTNow();
  return (
    <span role="status" aria-label={label ?? t('loading')} className="inline-flex items-center gap-2 text-sm text-stone-500">
      <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-emerald-600" />
    </span>
  );
}

export function PageSpinner() {
  const t = useUiTNow();
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={t('loadingPage')} />
    </div>
  );
}
