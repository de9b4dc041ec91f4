import { useMutation } from '@tanstack/react-query';
import { api, buildUrl } from '@shambasoko/shared';
import type { ShareLink, ShareLinkRequest } from '@shambasoko/contracts';

/** POST /v1/share-links: a 7-day link to the caller's own receipt or statement. */
const createShareLink = (request: ShareLinkRequest) => api.post<ShareLink>('/v1/share-links', request);

/** The link as someone else opens it: absolute, on the API's origin. */
export const absoluteShareUrl = (link: ShareLink) => new URL(buildUrl(link.url), window.location.origin).href;

export const useCreateShareLink = () => useMutation({ mutationFn: createShareLink });
