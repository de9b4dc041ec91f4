import { todayInNairobi } from '@shambasoko/shared/time';
import { api, type QueryValue } from '@shambasoko/shared';
import { Button } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { errorMessage } from '../lib/format';
import { useT } from '../lib/i18n';

export type CsvExport = {
  /** The API's export route, e.g. /v1/costs/export.csv. */
  path: string;
  /** The list's current filters and search. */
  params: Record<string, QueryValue>;
  /** The file's name before its date: costs → costs-2026-11-24.csv. */
  name: string;
};

/** Hands a downloaded file to the browser as a save. */
function save(blob: Blob, fileName: string) {
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
 * "Export CSV": the API writes the file from the list's filters (every page); it is fetched with the
 * access token, which lives in memory, so a plain link could not carry it.
 */
export function ExportCsvButton({ path, params, name }: CsvExport) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const blob = await api.download(path, { params, headers: { accept: 'text/csv' } });
      save(blob, `${name}-${todayInNairobi()}.csv`);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => void run()}>
        {busy ? t('common.exporting') : t('common.exportCsv')}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}
