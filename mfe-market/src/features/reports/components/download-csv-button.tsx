import { useState } from 'react';
import { api, useMessageText } from '@shambasoko/shared';
import { Button } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-reports';
import type { ReportDates } from '../report-range';

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
 * "Download CSV": the API writes the file for the dates shown; it is fetched with the access token,
 * which lives in memory, so a plain link could not carry it. The name is the API's own.
 */
export function DownloadCsvButton({ report, dates }: { report: 'sales' | 'spending' | 'platform'; dates: ReportDates }) {
  const t = useT();
  const messageText = useMessageText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const blob = await api.download(`/v1/reports/${report}.csv`, { params: dates, headers: { accept: 'text/csv' } });
      save(blob, `${report}-report-${dates.from}-to-${dates.to}.csv`);
    } catch (error) {
      setFailure(messageText(error instanceof Error ? error.message : String(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="secondary" className="min-h-11" disabled={busy} onClick={() => void run()}>
        {busy ? t('csv.downloading') : t('csv.download')}
      </Button>
      {failure && (
        <span role="alert" className="text-sm text-red-700">
          {failure}
        </span>
      )}
    </span>
  );
}
