import { useSession } from '@shambasoko/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { myFarmsQuery } from '../use-farm-roles';
import { filtersQuery } from './api/get-filters';

/** Farms whose own choices (fields, seasons, crops, people) are fetched ahead: most users have one or two. */
const FARMS_AHEAD = 10;
/** Every farm page asks; within this time the saved lists are fresh enough and nothing is fetched. */
const FRESH_MS = 5 * 60_000;
/** After the page's own requests, so the prefetch never delays what is on screen. */
const DELAY_MS = 1_500;

/**
 * Fetches the choices the offline-capable forms (log activity, add cost, field, crop) read, so they are
 * in the saved farm data before the signal goes: the caller's farms, the unfiltered choices and each of
 * the first farms' choices (a field or season chosen offline keeps its farm's lists). One at a time.
 */
async function prefetchFormChoices(client: QueryClient): Promise<void> {
  const farms = await client.fetchQuery({ ...myFarmsQuery(), staleTime: FRESH_MS });
  await client.prefetchQuery({ ...filtersQuery({}), staleTime: FRESH_MS });
  for (const farm of farms.items.slice(0, FARMS_AHEAD)) {
    await client.prefetchQuery({ ...filtersQuery({ farmId: farm.id }), staleTime: FRESH_MS });
  }
}

/** Once a farm page is up, online and signed in: the forms' choices are fetched in the background. */
export function usePrefetchFormChoices(): void {
  const client = useQueryClient();
  const uid = useSession((s) => s.user?.uid ?? null);
  useEffect(() => {
    if (uid === null || !navigator.onLine) return;
    const timer = setTimeout(() => void prefetchFormChoices(client).catch(() => undefined), DELAY_MS);
    return () => clearTimeout(timer);
  }, [client, uid]);
}
