import { useEffect, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';

/** GET /v1/conversations/:id/photos/:photo: members only, so fetched with the token an <img> could not send. */
const getMessagePhoto = (url: string) => api.download(url);

// A photo never changes under its name (its hash).
const messagePhotoQuery = (url: string) =>
  queryOptions({ queryKey: ['message-photo', url], queryFn: () => getMessagePhoto(url), staleTime: Infinity, gcTime: 10 * 60_000 });

/** An object URL of the photo for an <img>, released when no longer shown; null until loaded. */
export function useMessagePhoto(url: string, enabled = true): { src: string | null; isError: boolean } {
  const query = useQuery({ ...messagePhotoQuery(url), enabled });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (query.data === undefined) return;
    const made = URL.createObjectURL(query.data);
    setSrc(made);
    return () => URL.revokeObjectURL(made);
  }, [query.data]);
  return { src, isError: query.isError };
}
