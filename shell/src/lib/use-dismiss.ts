import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * While `open`, a press outside `ref` or the Escape key dismisses a popover, as menus do.
 * `onDismiss` learns which it was (Escape returns focus to the opener in some menus).
 */
export function useDismiss(
  open: boolean,
  ref: RefObject<HTMLElement | null>,
  onDismiss: (how: 'escape' | 'outside') => void,
  pressEvent: 'pointerdown' | 'mousedown' = 'pointerdown',
) {
  // The latest callback, read when an event fires, so a new one does not re-add the listeners.
  const latest = useRef(onDismiss);
  useLayoutEffect(() => {
    latest.current = onDismiss;
  });
  useEffect(() => {
    const dismiss = (how: 'escape' | 'outside') => latest.current(how);
    if (!open) return;
    const onPress = (event: Event) => {
      if (event.target instanceof Node && !ref.current?.contains(event.target)) dismiss('outside');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss('escape');
    };
    document.addEventListener(pressEvent, onPress);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener(pressEvent, onPress);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, ref, pressEvent]);
}
