import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shambasoko/shared';
import type { InventoryPage, StockAdjustmentRequest } from '@shambasoko/contracts';
import { useSellerKey } from './seller-keys';

const getInventory = (productId: string | null) =>
  api.get<InventoryPage>('/v1/seller/inventory', { params: { productId: productId ?? undefined } });
const inventoryQuery = (key: readonly unknown[], productId: string | null) =>
  queryOptions({ queryKey: [...key, 'inventory', productId], queryFn: () => getInventory(productId) });
export const useInventory = (productId: string | null) => useQuery(inventoryQuery(useSellerKey(), productId));

export function useAdjustStock() {
  const client = useQueryClient();
  const key = useSellerKey();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StockAdjustmentRequest }) =>
      api.post<unknown>(`/v1/seller/products/${encodeURIComponent(id)}/stock-adjustments`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
