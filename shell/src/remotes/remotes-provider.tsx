import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RemotesManifest } from '@shambasoko/shared';
import { fetchManifest } from './manifest';

type RemotesState =
  | { status: 'loading'; manifest: null }
  | { status: 'ready'; manifest: RemotesManifest }
  | { status: 'error'; manifest: null; error: Error };

interface RemotesContextValue {
  state: RemotesState;
  reload(): void;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

/** Fetches the remotes manifest once at start; remotes are registered when their routes are first visited. */
export function RemotesProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RemotesState>({ status: 'loading', manifest: null });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let live = true;
    fetchManifest()
      .then((manifest) => {
        if (live) setState({ status: 'ready', manifest });
      })
      .catch((error: Error) => {
        if (live) setState({ status: 'error', manifest: null, error });
      });
    return () => {
      live = false;
    };
  }, [generation]);

  const reload = useCallback(() => {
    setState({ status: 'loading', manifest: null });
    setGeneration((g) => g + 1);
  }, []);

  return <RemotesContext.Provider value={{ state, reload }}>{children}</RemotesContext.Provider>;
}

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes must be used within RemotesProvider');
  return value;
}
