import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { PayoutSettings, PayoutSettingsRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const savePayoutSettings = (body: PayoutSettingsRequest) => api.put<PayoutSettings>('/v1/seller/payout-settings', body);

/** PUT /v1/seller/payout-settings: automatic daily payouts and the payout phone. */
export function useSavePayoutSettings() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({ mutationFn: savePayoutSettings, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}
