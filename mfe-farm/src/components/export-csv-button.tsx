import { todayInNairobi } from '@shambasoko/contracts/time';
import { api, type QueryValue } from '@shambasoko/shared';
import { DownloadButton } from '@shambasoko/shared/ui';
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

/**
 * "Export CSV": the API writes the file from the list's filters (every page).
 */
export function ExportCsvButton({ path, params, name }: CsvExport) {
  const t = useT();
  return (
    <DownloadButton
      fetchFile={() => api.download(path, { params, headers: { accept: 'text/csv' } })}
      fileName={`${name}-${todayInNairobi()}.csv`}
      label={t('common.exportCsv')}
      busyLabel={t('common.exporting')}
      errorText={errorMessage}
    />
  );
}
