import { useCallback, useEffect } from 'react';
import { PageSpinner } from '@shambasoko/shared';

// A first visit's page arrives with the shell's loading frame already in #root (scripts/page-frame.mjs).
// React's first commit empties #root; until the app area's code is in, its fallback shows that same
// frame (its very nodes, moved back in: nothing is parsed or painted anew) rather than a spinner
// between two frames.

let frame: Element | null = null;

/** Keeps the frame the server wrote into `root`, for the first render's fallback (none: the spinner). */
export function keepServerFrame(root: HTMLElement): void {
  frame = root.firstElementChild;
}

/** The server's frame while the app area loads, once; afterwards (or without one) the spinner. */
export function ServerFrame() {
  const hold = useCallback((element: HTMLDivElement | null) => {
    if (element && frame && frame.parentNode !== element) element.appendChild(frame);
  }, []);
  useEffect(
    () => () => {
      frame = null;
    },
    [],
  );
  return frame ? <div className="contents" ref={hold} /> : <PageSpinner />;
}
