import { useMutation } from '@tanstack/react-query';
import { api, buildUrl } from '@shambasoko/shared';
import type { FarmReportPart, ShareLink } from '@shambasoko/contracts';

interface ReportChoice {
  farmId: string;
  seasons?: string[];
  include: FarmReportPart[];
}

/** POST /v1/farms/:farmId/report-link: a 7-day link to the farm report, for a loan officer. */
const createReportLink = ({ farmId, ...body }: ReportChoice) =>
  api.post<ShareLink>(`/v1/farms/${encodeURIComponent(farmId)}/report-link`, body);

/** The link as someone else opens it: absolute, on the API's origin. */
export const absoluteReportUrl = (link: ShareLink) => new URL(buildUrl(link.url), window.location.origin).href;

export const useCreateReportLink = () => useMutation({ mutationFn: createReportLink });
