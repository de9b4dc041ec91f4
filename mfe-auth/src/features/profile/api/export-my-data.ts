import { todayInNairobi } from '@shambasoko/contracts/time';
import { useMutation } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

/** The name the API gives the file in its Content-Disposition; the page saves the same. */
const exportFileName = (now = new Date()) => `shambasoko-my-data-${todayInNairobi(now)}.json`;

/** GET /v1/me/export: everything ShambaSoko holds about the signed-in person, as one JSON document. */
const getMyData = () => api.get<Record<string, unknown>>('/v1/me/export');

/**
 * Fetched through the API client (the access token lives in memory, so a plain link could not send
 * it), then handed to the browser as a file download.
 */
async function downloadMyData(): Promise<void> {
  const data = await getMyData();
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a little later: some browsers start reading the blob only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useDownloadMyData = () => useMutation({ mutationFn: downloadMyData });
