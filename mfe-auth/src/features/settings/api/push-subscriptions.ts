import { useMutation } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PushSubscribe, PushSubscriptionState } from '@shambasoko/contracts';

const subscribe = (subscription: PushSubscribe) => api.post<PushSubscriptionState>('/v1/me/push/subscriptions', subscription);
const unsubscribe = (endpoint: string) => api.delete<PushSubscriptionState>('/v1/me/push/subscriptions', { body: { endpoint } });

/** Tells the server this browser's subscription, so notices reach it. */
export const useSubscribePush = () => useMutation({ mutationFn: subscribe });
/** Forgets this browser's subscription on the server. */
export const useUnsubscribePush = () => useMutation({ mutationFn: unsubscribe });
