import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type FavouritesList } from '@shambasoko/shared';

const getFavourites = () => api.get<FavouritesList>('/v1/favourites');

export const favouritesQuery = (userKey: string) => queryOptions({ queryKey: ['market', 'favourites', userKey], queryFn: getFavourites });

export const useFavourites = (userKey: string | null) => useQuery({ ...favouritesQuery(userKey ?? ''), enabled: userKey !== null });
