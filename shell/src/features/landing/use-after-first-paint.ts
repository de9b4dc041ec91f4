import { startTransition, useEffect, useState } from 'react';

const INPUT_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;
/** The longest a phone waits for an idle moment before the deferred sections render anyway. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * True once the browser has had an idle moment after first paint, or as soon as the visitor
 * scrolls, taps, types or follows a #section link. Below-the-fold work (the sections' code, their
 * render and the Hot Sellers query) then runs when it no longer delays the hero becoming
 * interactive, and renders as a transition, which React splits into short tasks.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(() => typeof window === 'undefined' || window.location.hash.length > 1);

  useEffect(() => {
    if (ready) return;
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      cleanup();
      startTransition(() => setReady(true));
    };
    const idle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS })
        : window.setTimeout(go, 200);
    for (const name of INPUT_EVENTS) window.addEventListener(name, go, { passive: true, once: true });
    window.addEventListener('hashchange', go);
    function cleanup() {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      for (const name of INPUT_EVENTS) window.removeEventListener(name, go);
      window.removeEventListener('hashchange', go);
    }
    return cleanup;
  }, [ready]);

  return ready;
}
