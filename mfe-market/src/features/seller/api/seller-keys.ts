import { useShopper } from '../../../lib/session';

/** Every seller query sits under this key, per signed-in user, so a sign-out drops them all. */
export function useSellerKey(): readonly unknown[] {
  const { userKey } = useShopper();
  return ['market', 'seller', userKey ?? ''];
}
