import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavouritesList } from '@shambasoko/contracts';
import { api, useFirstScreenShown } from '@shambasoko/shared';

const getFavourites = () => api.get<FavouritesList>('/v1/favourites');

export const favouritesQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'favourites', userKey], queryFn: getFavourites });

/** The hearts on the cards fill once the page's first screen is up: the cards and photos come first. */
export function useFavourites(userKey: string | null) {
  const firstScreen = useFirstScreenShown();
  return useQuery({ ...favouritesQuery(userKey ?? ''), enabled: userKey !== null && firstScreen });
}
