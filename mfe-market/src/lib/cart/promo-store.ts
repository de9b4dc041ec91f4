import { createJSONStorage, persist } from '@shambasoko/shared';
import { create } from 'zustand';

interface PromoState {
  /** The code the shopper applied on /cart; checkout sends it with the order. */
  code: string | null;
  setCode(code: string | null): void;
}

// Session storage: a promo belongs to this shopping trip, not to the device.
export const usePromo = create<PromoState>()(
  persist((set) => ({ code: null, setCode: (code) => set({ code }) }), {
    name: 'marketPromo',
    storage: createJSONStorage(() => sessionStorage),
  }),
);
