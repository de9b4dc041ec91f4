/** The grey placeholder seller pages show while their first answer loads. */
export function LoadingBlock() {
  return <div aria-busy="true" className="h-48 animate-pulse rounded-xl bg-stone-200" />;
}

/** A one-line confirmation after a save (the dashboard has no toaster). */
export function SavedNotice({ message }: { message: string | null }) {
  return message ? (
    <p role="status" className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-800">
      {message}
    </p>
  ) : null;
}
