import { createContext, useContext } from 'react';

/**
 * Where overlays (dialogs) render. A remote's area provides its own element so that overlays stay
 * inside the remote's style scope (its utilities are scoped to [data-mf="<remote>"]).
 */
export const PortalRootContext = createContext<HTMLElement | null>(null);

export function usePortalRoot(): HTMLElement {
  return useContext(PortalRootContext) ?? document.body;
}
