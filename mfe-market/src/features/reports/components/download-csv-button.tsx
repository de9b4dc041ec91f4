import { api, useMessageText } from '@shambasoko/shared';
import { DownloadButton } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n-reports';
import type { ReportDates } from '../report-range';

/** "Download CSV": the API writes the file for the dates shown. */
export function DownloadCsvButton({ report, dates }: { report: 'sales' | 'spending' | 'platform'; dates: ReportDates }) {
  const t = useT();
  const messageText = useMessageText();
  return (
    <DownloadButton
      fetchFile={() => api.download(`/v1/reports/${report}.csv`, { params: dates, headers: { accept: 'text/csv' } })}
      fileName={`${report}-report-${dates.from}-to-${dates.to}.csv`}
      label={t('csv.download')}
      busyLabel={t('csv.downloading')}
      errorText={(error) => messageText(error instanceof Error ? error.message : String(error))}
    />
  );
}
