import { createJSONStorage, persist } from '@shambasoko/shared';
import { create } from 'zustand';

interface DeliveryCountyState {
  /** The county the shopper chose on /cart for the delivery fee; checkout starts its address with it. */
  county: string | null;
  setCounty(county: string | null): void;
}

// Session storage, as the promo: it belongs to this shopping trip.
export const useDeliveryCounty = create<DeliveryCountyState>()(
  persist((set) => ({ county: null, setCounty: (county) => set({ county }) }), {
    name: 'marketDeliveryCounty',
    storage: createJSONStorage(() => sessionStorage),
  }),
);
