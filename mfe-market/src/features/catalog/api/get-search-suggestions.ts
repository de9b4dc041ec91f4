import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestions } from '@shambasoko/contracts';
import { api } from '@shambasoko/shared';

const getSearchSuggestions = (q: string, signal?: AbortSignal) =>
  api.get<SearchSuggestions>('/v1/search/suggest', { params: { q }, auth: false, signal });

const searchSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['market', 'suggest', q],
    queryFn: ({ signal }) => getSearchSuggestions(q, signal),
    staleTime: 60_000,
    // The list stays up while the next letters' suggestions load.
    placeholderData: keepPreviousData,
  });

/** Suggestions for the header search; asks nothing under two characters (the API's minimum). */
export const useSearchSuggestions = (q: string, enabled: boolean) =>
  useQuery({ ...searchSuggestionsQuery(q), enabled: enabled && q.length >= 2 });
