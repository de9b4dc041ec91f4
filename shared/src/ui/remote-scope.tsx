import { useState, type ReactNode } from 'react';
import { PortalRootContext } from './portal-root';

/**
 * The element a remote renders inside. Each remote's utility CSS is scoped to
 * [data-mf="<name>"] at build time, so loading a remote never restyles the shell or another
 * remote; overlays portal into the scope so they keep the remote's styles.
 */
export function RemoteScope({ name, children }: { name: string; children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  return (
    <div data-mf={name} className="contents">
      <PortalRootContext.Provider value={portal}>{children}</PortalRootContext.Provider>
      <div ref={setPortal} />
    </div>
  );
}
