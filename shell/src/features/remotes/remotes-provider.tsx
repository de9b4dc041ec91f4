import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { RemoteBuild, RemotesManifest } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { effectiveRemotes, fetchManifest, type EffectiveRemote } from './manifest';
import { takeEarlyManifest } from './early-manifest';

type RemotesState =
  | { status: 'loading'; manifest: null }
  | { status: 'ready'; manifest: RemotesManifest }
  | { status: 'error'; manifest: null; error: Error };

interface RemotesContextValue {
  state: RemotesState;
  reload(): void;
  /**
   * Reads the registry's manifest again at once, past HTTP caches (a page waiting for a remote that
   * is missing or failed to load); the state changes only when the manifest did. Rejects when unread.
   */
  recheck(): Promise<RemotesManifest>;
  /**
   * Forgets the build pinned for a remote whose entry never loaded: the page runs none of its code,
   * so the next manifest's build (a rollback, a newer deploy) may take its place.
   */
  release(remote: Pick<EffectiveRemote, 'name' | 'variant'>): void;
  pins: Map<string, RemoteBuild>;
}

const RemotesContext = createContext<RemotesContextValue | null>(null);

/** The manifest is checked again at most this often while the page is open, and on window focus. */
export const MANIFEST_REFRESH_MS = 60_000;

/**
 * Fetches the remotes manifest at start, then on window focus and every minute, so a product
 * owner's role toggle or kill switch applies without a reload. A failed refresh keeps the last
 * manifest; an unchanged one keeps the same object (no re-render).
 */
export function RemotesProvider({ children, fetcher }: { children: ReactNode; fetcher?: typeof fetch }) {
  const [state, setState] = useState<RemotesState>({ status: 'loading', manifest: null });
  const [generation, setGeneration] = useState(0);
  const pins = useRef(new Map<string, RemoteBuild>()).current;
  const lastText = useRef('');

  useEffect(() => {
    let live = true;
    const refresh = (first: boolean) =>
      ((first && !fetcher && takeEarlyManifest()) || fetchManifest(fetcher)).then(
        (manifest) => {
          const text = JSON.stringify(manifest);
          if (!live || (!first && text === lastText.current)) return;
          lastText.current = text;
          setState({ status: 'ready', manifest });
        },
        (error: Error) => {
          if (live && first) setState({ status: 'error', manifest: null, error });
        },
      );
    void refresh(true);
    let lastCheck = Date.now();
    const check = () => {
      lastCheck = Date.now();
      void refresh(false);
    };
    const timer = setInterval(check, MANIFEST_REFRESH_MS);
    // Focus after a few seconds away: tabs switched back to often do not refetch each time.
    const onFocus = () => Date.now() - lastCheck > 2000 && check();
    window.addEventListener('focus', onFocus);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [generation, fetcher]);

  const reload = useCallback(() => {
    setState({ status: 'loading', manifest: null });
    setGeneration((g) => g + 1);
  }, []);

  const recheck = useCallback(async () => {
    const manifest = await fetchManifest(fetcher, { fresh: true });
    const same = JSON.stringify(manifest) === lastText.current;
    lastText.current = JSON.stringify(manifest);
    setState((s) => (same && s.status === 'ready' ? s : { status: 'ready', manifest }));
    return manifest;
  }, [fetcher]);

  const release = useCallback(
    ({ name, variant }: Pick<EffectiveRemote, 'name' | 'variant'>) => {
      // A new state object makes every reader choose the builds again, from the manifest it has.
      if (pins.delete(`${name}:${variant}`)) setState((s) => (s.status === 'ready' ? { ...s } : s));
    },
    [pins],
  );

  const value = useMemo(() => ({ state, reload, recheck, release, pins }), [state, reload, recheck, release, pins]);
  return <RemotesContext.Provider value={value}>{children}</RemotesContext.Provider>;
}

export function useRemotes(): RemotesContextValue {
  const value = useContext(RemotesContext);
  if (!value) throw new Error('useRemotes must be used within RemotesProvider');
  return value;
}

const NO_ROLES: readonly string[] = [];

/**
 * The remotes as the signed-in account sees them: the build chosen for it (live or staged
 * rollout, pinned for the life of the page) and whether its current role sees each one.
 * Null until the manifest has loaded.
 */
export function useEffectiveRemotes(): EffectiveRemote[] | null {
  const { state, pins } = useRemotes();
  const userId = useSession((s) => s.userId);
  const heldRoles = useSession((s) => (s.user as { roles?: readonly string[] } | null)?.roles ?? NO_ROLES);
  const role = useSession((s) => s.role);
  return useMemo(
    () => (state.status === 'ready' ? effectiveRemotes(state.manifest, { userId, roles: heldRoles, role }, pins) : null),
    [state, userId, heldRoles, role, pins],
  );
}
