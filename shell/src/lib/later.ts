import { useEffect, useState } from 'react';

export interface Later<M> {
  /** Starts loading (once; a failed load is tried again on the next call). */
  start(): Promise<M>;
  /** The module once loaded, null meanwhile; a component that reads it renders again when it arrives. A failed load throws to the nearest error boundary. */
  use(): M | null;
}

/**
 * A shell module loaded on first use. Unlike React.lazy, a module already loaded renders at once
 * (no Suspense fallback for a frame, no re-mount of what sits inside it), so the frames and the
 * server-data cache can be split off without costing the pages that use them a flash.
 */
export function later<M>(load: () => Promise<M>): Later<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const start = () =>
    (pending ??= load().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  function use(): M | null {
    const [loaded, setLoaded] = useState(module);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        (m) => live && setLoaded(() => m),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [loaded]);
    if (failure) throw failure.error;
    return loaded ?? module;
  }
  return { start, use };
}
