import { api } from '@shambasoko/shared';
import type { FarmReportPart } from '@shambasoko/contracts';

/** GET /v1/farms/:farmId/report.pdf: the farm report as a file, in the reader's language. */
export const getReportPdf = (farmId: string, seasonId: string | undefined, include: FarmReportPart[]) =>
  api.download(`/v1/farms/${encodeURIComponent(farmId)}/report.pdf`, {
    params: { ...(seasonId ? { seasons: seasonId } : {}), include: include.join(',') },
    headers: { accept: 'application/pdf' },
  });
