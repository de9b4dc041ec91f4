import { useState } from 'react';
import { FARM_REPORT_PARTS, type FarmReportPart } from '@shambasoko/contracts';
import { Button, Card, DownloadButton } from '@shambasoko/shared/ui';
import { errorMessage } from '../../../lib/format';
import { useT } from '../../../lib/i18n-records';
import { absoluteReportUrl, useCreateReportLink } from '../api/create-report-link';
import { getReportPdf } from '../api/get-report-pdf';

/**
 * The farm report for a loan: the farmer ticks what to include, downloads the PDF or copies a link
 * that opens it for 7 days. The season chosen above is the report's; none: the latest seasons.
 */
export function FarmReportCard({ farmId, seasonId }: { farmId: string; seasonId: string | undefined }) {
  const t = useT();
  const [parts, setParts] = useState<FarmReportPart[]>([...FARM_REPORT_PARTS]);
  const link = useCreateReportLink();
  const [copied, setCopied] = useState(false);
  const toggle = (part: FarmReportPart) =>
    setParts((current) =>
      current.includes(part) ? current.filter((p) => p !== part) : FARM_REPORT_PARTS.filter((p) => p === part || current.includes(p)),
    );
  const share = async () => {
    setCopied(false);
    const made = await link.mutateAsync({ farmId, ...(seasonId ? { seasons: [seasonId] } : {}), include: parts });
    await navigator.clipboard.writeText(absoluteReportUrl(made));
    setCopied(true);
  };
  return (
    <Card title={t('report.pdfTitle')}>
      <fieldset className="mb-3 flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-stone-800">{t('report.pdfInclude')}</legend>
        {FARM_REPORT_PARTS.map((part) => (
          <label key={part} className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="h-5 w-5" checked={parts.includes(part)} onChange={() => toggle(part)} />
            {t(`report.include.${part}`)}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap items-start gap-3">
        <DownloadButton
          fetchFile={() => getReportPdf(farmId, seasonId, parts)}
          fileName="farm-report.pdf"
          label={t('report.download')}
          busyLabel={t('report.download')}
          errorText={errorMessage}
        />
        <Button variant="secondary" className="min-h-11" disabled={link.isPending || parts.length === 0} onClick={() => void share()}>
          {t('report.share')}
        </Button>
      </div>
      {copied && (
        <p role="status" className="mt-2 text-sm text-brand-800">
          {t('report.shared')}
        </p>
      )}
      {link.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(link.error)}
        </p>
      )}
    </Card>
  );
}
