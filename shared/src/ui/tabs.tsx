import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { cx } from './cx';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  items: readonly TabItem[];
  /** Selected tab id when controlled. */
  value?: string;
  /** Initial tab id when uncontrolled (default: the first enabled tab). */
  defaultValue?: string;
  onChange?: (id: string) => void;
  /** Accessible name of the tab list, e.g. "Farm sections". */
  label?: string;
  /** Keep hidden panels mounted so their state (e.g. a half-filled form) survives a tab switch. */
  keepMounted?: boolean;
  className?: string;
};

/** How far the edge fade reaches (px): a tab scrolled into view clears it. */
const FADE = 40;

/** Shows `tab` whole inside the scrolling `list` (the list is its offset parent), clear of the fades. */
function reveal(list: HTMLElement, tab: HTMLElement) {
  const start = tab.offsetLeft;
  const end = start + tab.offsetWidth;
  if (start - FADE < list.scrollLeft) list.scrollLeft = Math.max(0, start - FADE);
  else if (end + FADE > list.scrollLeft + list.clientWidth) list.scrollLeft = end + FADE - list.clientWidth;
}

/**
 * Whether tabs lie beyond either edge of the list. On a phone eight tabs do not fit: the list scrolls
 * sideways, and without a hint the last ones were cut mid-word ("Co…") with nothing saying more exist.
 */
function useOverflow(list: RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, [list]);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [list, measure]);
  return { edges, measure };
}

/**
 * Tabs following the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End) move between tabs
 * and select them. When they do not fit, the list scrolls sideways with the selected tab in view, and
 * a faded edge with an arrow shows on each side where more tabs are.
 */
export function Tabs({ items, value, defaultValue, onChange, label, keepMounted = false, className }: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.id;
  const [internal, setInternal] = useState(defaultValue ?? firstEnabled);
  const wanted = value ?? internal;
  const selectedId = items.some((item) => item.id === wanted) ? wanted : firstEnabled;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const { edges, measure } = useOverflow(listRef);

  // The selected tab in view (on a phone ?tab=settings opens with Farm Settings off-screen otherwise).
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = selectedId === undefined ? undefined : tabRefs.current.get(selectedId);
    if (list && tab) reveal(list, tab);
    measure();
  }, [selectedId, items.length, measure]);

  /** The arrows: about a list's width on, so the next tabs come in. */
  function scrollBy(direction: 1 | -1) {
    const list = listRef.current;
    if (!list) return;
    list.scrollLeft = Math.max(0, list.scrollLeft + direction * Math.max(FADE, list.clientWidth - 2 * FADE));
    measure();
  }

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  function select(id: string) {
    if (value === undefined) setInternal(id);
    if (id !== selectedId) onChange?.(id);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const enabled = items.filter((item) => !item.disabled);
    // Start from the focused tab: with a controlled value that the parent did not update, focus and
    // selection can differ.
    const focusedId = [...tabRefs.current].find(([, el]) => el === event.target)?.[0] ?? selectedId;
    const index = enabled.findIndex((item) => item.id === focusedId);
    let next: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    if (!next) return;
    event.preventDefault();
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  }

  // The fades are a mask, so they suit any background; the arrows are for pointers (keys move by tab).
  const fade = `linear-gradient(to right, ${edges.before ? 'transparent' : '#000'}, #000 ${FADE}px, #000 calc(100% - ${FADE}px), ${edges.after ? 'transparent' : '#000'})`;
  const arrow =
    'absolute top-0 bottom-px flex w-8 items-center text-lg text-stone-600 hover:text-stone-900 [&>svg]:drop-shadow-[0_0_2px_white]';
  return (
    <div className={className}>
      <div className="relative" data-overflow={[edges.before && 'before', edges.after && 'after'].filter(Boolean).join(' ')}>
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
          onScroll={measure}
          style={edges.before || edges.after ? { maskImage: fade, WebkitMaskImage: fade } : undefined}
          className="relative flex gap-1 overflow-x-auto scroll-smooth border-b border-stone-200 [scrollbar-width:none]"
        >
          {items.map((item) => {
            const selected = item.id === selectedId;
            return (
              <button
                key={item.id}
                ref={(el) => {
                  if (el) tabRefs.current.set(item.id, el);
                  else tabRefs.current.delete(item.id);
                }}
                type="button"
                role="tab"
                id={tabId(item.id)}
                aria-selected={selected}
                aria-controls={panelId(item.id)}
                tabIndex={selected ? 0 : -1}
                disabled={item.disabled}
                onClick={() => select(item.id)}
                className={cx(
                  '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-4 text-sm font-medium whitespace-nowrap',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
                  'disabled:cursor-not-allowed disabled:opacity-50',
                  selected
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900',
                )}
              >
                {item.label}
              </button>
            );
          })}
        </div>
        {edges.before && (
          <button type="button" tabIndex={-1} aria-hidden="true" className={cx(arrow, 'left-0 justify-start')} onClick={() => scrollBy(-1)}>
            <ChevronLeftIcon />
          </button>
        )}
        {edges.after && (
          <button type="button" tabIndex={-1} aria-hidden="true" className={cx(arrow, 'right-0 justify-end')} onClick={() => scrollBy(1)}>
            <ChevronRightIcon />
          </button>
        )}
      </div>
      {items.map((item) => {
        const selected = item.id === selectedId;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!selected}
            tabIndex={0}
            className="pt-4 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {selected || keepMounted ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
