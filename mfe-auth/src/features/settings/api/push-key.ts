import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PushKey } from '@shambasoko/contracts';

const getPushKey = () => api.get<PushKey>('/v1/me/push/key').then((body) => body.publicKey);
const pushKeyQuery = () => queryOptions({ queryKey: ['me', 'push', 'key'] as const, queryFn: getPushKey, staleTime: Infinity });

/** The server's VAPID public key for pushManager.subscribe; null when push is off there. */
export const usePushKey = (enabled: boolean) => useQuery({ ...pushKeyQuery(), enabled });
