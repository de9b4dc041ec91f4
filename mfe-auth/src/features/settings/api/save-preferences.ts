import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import { PREFERENCES_KEY } from '@shambasoko/shared/preferences';
import type { Preferences } from '@shambasoko/contracts';

const savePreferences = (preferences: Preferences) => api.put<Preferences>('/v1/me/preferences', preferences);

/** Saves the whole set; every remote reading the shared key sees the answer at once. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({ mutationFn: savePreferences, onSuccess: (saved) => client.setQueryData(PREFERENCES_KEY, saved) });
}
