/** The green "it worked" line under a settings form; nothing while there is no message. */
export function SavedNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-lg border border-brand-100 bg-brand-50 px-3 py-2.5 text-sm text-brand-800">
      {message}
    </p>
  );
}
