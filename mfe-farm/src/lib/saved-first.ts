import { hasSavedData, useSession } from '@shambasoko/shared';

/**
 * A page's code, loaded together with the restore of the farm data this device saved for the account
 * (when it saved any; the shell starts that restore as the visit begins): the page then renders what
 * the device had at once, instead of asking the server for it first. Farm data is asked for again
 * once the page's first screen is up (@shambasoko/shared/offline).
 */
export function afterSavedData<M>(load: () => Promise<M>): () => Promise<M> {
  return () => {
    const uid = useSession.getState().user?.uid;
    if (uid === undefined || !hasSavedData(uid)) return load();
    const restored = import('@shambasoko/shared/offline').then(
      (offline) => offline.savedDataRestored(uid),
      () => undefined,
    );
    return Promise.all([load(), restored]).then(([page]) => page);
  };
}
