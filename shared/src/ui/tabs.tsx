import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from './cx';

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

/**
 * Tabs following the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End) move between tabs
 * and select them.
 */
export function Tabs({ items, value, defaultValue, onChange, label, keepMounted = false, className }: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.id;
  const [internal, setInternal] = useState(defaultValue ?? firstEnabled);
  const wanted = value ?? internal;
  const selectedId = items.some((item) => item.id === wanted) ? wanted : firstEnabled;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

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

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-stone-200"
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
