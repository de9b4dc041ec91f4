import { create } from 'zustand';

// The toasts' state apart from the list that shows them (toaster.tsx): the pages that raise a toast take
// this, and only the market's frame takes the list (webpack.config.mjs, market-frame).

type Tone = 'success' | 'error';
export interface Toast {
  id: number;
  message: string;
  tone: Tone;
}
interface ToastState {
  toasts: Toast[];
  show(message: string, tone?: Tone): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Short confirmations that outlive a navigation (e.g. 'Order placed successfully!' shown on /market). */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  show: (message, tone = 'success') => set((s) => ({ toasts: [...s.toasts, { id: nextId++, message, tone }] })),
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export const showToast = (message: string, tone?: Tone) => useToasts.getState().show(message, tone);
