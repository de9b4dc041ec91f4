import type { Activity, UpdateActivityInput } from '@shambasoko/contracts';
import { patchInLists } from '@shambasoko/shared/offline';
import { AFFECTS } from '../../../lib/query-keys';
import { useOfflineMutation } from '../../../lib/offline-mutation';

/** Saves an activity's changes (the status buttons and pickers); works offline, queued until the network returns. */
export function useUpdateActivity() {
  return useOfflineMutation<{ id: string; input: UpdateActivityInput }, Activity>({
    kind: 'activity.status',
    method: 'PATCH',
    path: ({ id }) => `/v1/activities/${encodeURIComponent(id)}`,
    body: ({ input }) => input,
    label: ({ input }) => input.status ?? '',
    // Nothing new to list: the change is applied to the activity where it is shown.
    pending: () => ({}) as Activity,
    show: (client, _item, { id, input }) => patchInLists(client, 'activities', id, input),
    affects: AFFECTS.activity,
  });
}
