// A first visit's page arrives with a loading frame already in #root, written by the shell's server
// (scripts/page-frame.mjs): on /market it holds the first row's photos. React's first commit empties
// #root; until the page itself renders, every loading frame on the way (the shell's app area, the
// remote's layout and page loading) shows that frame's very nodes, moved in, instead of drawing its
// own: nothing is parsed or painted anew, and the photos stay where they are.

let held: { frame: Element; path: string; released?: boolean } | null = null;
let holders = 0;

/** Keeps the frame the server wrote into `root` (none: nothing is held), for the loading frames of the page at this address. */
export function keepServerFrame(root: HTMLElement): void {
  const frame = root.firstElementChild;
  held = frame && { frame, path: location.pathname };
}

/** Whether a loading frame here shows the server's frame (it is kept, and was written for this address). */
export const hasServerFrame = (): boolean => !!held && !held.released && held.path === location.pathname;

/**
 * Moves the server's frame into the element while it is on screen. Once no loading frame holds it (the
 * page has rendered: one frame handing over to the next does so within one commit), it is let go and
 * later loading frames draw their own (one rendered just before that still gets the nodes). One
 * function for every holder, so React calls it once per mount and unmount.
 */
function hold(element: HTMLDivElement | null): void {
  if (element) {
    holders += 1;
    if (held) element.appendChild(held.frame);
    return;
  }
  holders -= 1;
  setTimeout(() => {
    if (holders === 0 && held) held.released = true;
  });
}

/** The server's frame, held (see hasServerFrame). */
export const HeldServerFrame = () => <div className="contents" ref={hold} />;
