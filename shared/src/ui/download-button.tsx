import { useState } from 'react';
import { Button } from './button';

/** Hands a downloaded file to the browser as a save. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers read the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A button that fetches a file and saves it, with its own busy state and error line. Files the API
 * writes (CSV exports) are fetched with the access token, which lives in memory, so a plain link
 * could not carry it: the caller's `fetchFile` does the fetch (api.download).
 */
export function DownloadButton({
  fetchFile,
  fileName,
  label,
  busyLabel,
  errorText,
}: {
  fetchFile(): Promise<Blob>;
  fileName: string;
  label: string;
  busyLabel: string;
  /** The failure in the reader's words. */
  errorText(error: unknown): string;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      saveFile(await fetchFile(), fileName);
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => void run()}>
        {busy ? busyLabel : label}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}
