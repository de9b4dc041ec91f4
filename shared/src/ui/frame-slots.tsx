import { createContext, Suspense, useContext, type ComponentType } from 'react';

/**
 * The header family's signed-in controls, owned by the shell and shown by every layout: a remote's own
 * header (the market's) renders the shell's bell and avatar menu through these slots, so the same
 * controls with the same state appear everywhere. A remote running on its own gets no slots and shows none.
 */
export interface FrameSlots {
  bell?: ComponentType;
  account?: ComponentType;
}

const FrameSlotsContext = createContext<FrameSlots>({});

export const FrameSlotsProvider = FrameSlotsContext.Provider;

/** Renders the shell's bell and account menu, where the shell provided them. */
export function FrameAccountControls() {
  const { bell: Bell, account: Account } = useContext(FrameSlotsContext);
  return (
    <Suspense fallback={null}>
      {Bell && <Bell />}
      {Account && <Account />}
    </Suspense>
  );
}
