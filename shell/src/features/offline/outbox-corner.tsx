import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { formatNumber } from '@shambasoko/shared';
import {
  discardWrite,
  dropPendingFromLists,
  outboxItems,
  replayOutbox,
  retryWrite,
  subscribeOutbox,
  useOfflineT,
  type OutboxItem,
} from '@shambasoko/shared/offline';
import { useDismiss } from '../../lib/use-dismiss';
import { useOnline } from './use-online';

// The top bar's list of changes waiting to be sent: its own chunk, loaded once a change waits (most
// visits have none, and the farm pages' first load leaves it out).

const useOutbox = () => useSyncExternalStore(subscribeOutbox, outboxItems);

/** The top-level text and number fields of a refused write, for the user to correct. */
const editableFields = (item: OutboxItem) =>
  Object.entries(item.body).filter(([key, value]) => !/id$/i.test(key) && (typeof value === 'string' || typeof value === 'number'));

/** The words for a field of a queued change; the body's own key for one not listed. */
const KNOWN_FIELDS = new Set([
  'name',
  'description',
  'amount',
  'notes',
  'date',
  'category',
  'type',
  'status',
  'area',
  'variety',
  'plantingDate',
]);
const fieldLabel = (t: ReturnType<typeof useOfflineT>, key: string) => (KNOWN_FIELDS.has(key) ? t(`field.${key}` as never) : key);

function RefusedEditor({ item, onDone }: { item: OutboxItem; onDone: () => void }) {
  const t = useOfflineT();
  const fields = editableFields(item);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map(([key, value]) => [key, String(value)])));
  const save = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...item.body };
    for (const [key, original] of fields) body[key] = typeof original === 'number' ? Number(values[key]) : values[key];
    void retryWrite(item.id, body).then(() => replayOutbox());
    onDone();
  };
  return (
    <form onSubmit={save} className="mt-2 space-y-2">
      {fields.map(([key]) => (
        <div key={key}>
          <label htmlFor={`outbox-${item.id}-${key}`} className="block text-xs text-stone-600">
            {fieldLabel(t, key)}
          </label>
          <input
            id={`outbox-${item.id}-${key}`}
            value={values[key] ?? ''}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
            className="min-h-9 w-full rounded border border-stone-300 px-2 text-sm"
          />
        </div>
      ))}
      <div className="flex gap-2">
        <button type="submit" className="rounded bg-green-700 px-3 py-1 text-sm text-white">
          {t('outbox.saveRetry')}
        </button>
        <button type="button" onClick={onDone} className="rounded px-3 py-1 text-sm hover:bg-stone-100">
          {t('outbox.cancel')}
        </button>
      </div>
    </form>
  );
}

function OutboxEntry({ item }: { item: OutboxItem }) {
  const t = useOfflineT();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refused = item.state === 'refused';
  return (
    <li className="border-b border-stone-100 py-2 last:border-0" data-testid="outbox-item">
      <p className="text-sm font-medium">
        {t(`outbox.kind.${item.kind}`)}: {item.label}
      </p>
      {refused ? (
        <>
          <p className="text-xs font-semibold text-red-700">{t('outbox.refused')}</p>
          <p className="text-xs text-red-700">{item.message}</p>
          {editing ? (
            <RefusedEditor item={item} onDone={() => setEditing(false)} />
          ) : (
            <div className="mt-1 flex gap-2">
              <button type="button" onClick={() => setEditing(true)} className="rounded px-2 py-1 text-xs hover:bg-stone-100">
                {t('outbox.edit')}
              </button>
              <button
                type="button"
                onClick={() => void retryWrite(item.id).then(() => replayOutbox())}
                className="rounded px-2 py-1 text-xs hover:bg-stone-100"
              >
                {t('outbox.retry')}
              </button>
              <button
                type="button"
                onClick={() => void discardWrite(item.id).then(() => dropPendingFromLists(client, item))}
                className="rounded px-2 py-1 text-xs text-red-700 hover:bg-red-50"
              >
                {t('outbox.discard')}
              </button>
            </div>
          )}
        </>
      ) : (
        <p className="text-xs text-stone-600">{t('outbox.waiting')}</p>
      )}
    </li>
  );
}

/** The top bar's count of changes waiting to be sent; opens the list, where refused ones can be fixed. */
export default function OutboxBadge() {
  const t = useOfflineT();
  const items = useOutbox();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(open, panelRef, () => setOpen(false), 'mousedown');
  if (items.length === 0) return null;
  const refused = items.some((i) => i.state === 'refused');
  const label = t('outbox.badge', { count: items.length });
  return (
    <div className="relative" ref={panelRef}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="outbox-badge"
        aria-label={label}
        className={`inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2 text-xs font-semibold ${refused ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
      >
        {/* A phone's top bar has room for the count only; the page title keeps its space. */}
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M21 12a9 9 0 0 1-15.5 6.2M3 12a9 9 0 0 1 15.5-6.2M18.5 2v4h-4M5.5 22v-4h4" />
        </svg>
        <span className="sm:hidden">{formatNumber(items.length)}</span>
        <span className="hidden sm:inline">{label}</span>
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('outbox.title')}
          className="fixed inset-x-2 top-16 z-30 rounded-lg border border-stone-200 bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-80"
        >
          <h2 className="mb-1 text-sm font-semibold">{t('outbox.title')}</h2>
          <ul>
            {items.map((item) => (
              <OutboxEntry key={item.id} item={item} />
            ))}
          </ul>
          {online && items.some((i) => i.state === 'waiting') && (
            <button type="button" onClick={() => void replayOutbox()} className="mt-2 rounded bg-green-700 px-3 py-1 text-sm text-white">
              {t('outbox.sendNow')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
