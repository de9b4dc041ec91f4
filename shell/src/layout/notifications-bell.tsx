import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, formatDate, isSignedIn, useFirstScreenShown, useSession } from '@shambasoko/shared';
import { useT } from '../lib/i18n';
import { CountBadge } from './count-badge';
import { useDismiss } from '../lib/use-dismiss';

interface NotificationItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
  createdAt: string;
}
interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => api.get<NotificationList>('/v1/notifications'),
  refetchInterval: 60_000,
});

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** The top-bar bell: the real unread count; opening the list marks everything read. */
export function NotificationsBell() {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  const client = useQueryClient();
  // Asked for once the page's first screen is up (the count can wait; the page's data should not).
  const firstScreen = useFirstScreenShown();
  const { data, isError, refetch } = useQuery({ ...notificationsQuery, enabled: signedIn && firstScreen });
  const markRead = useMutation({
    mutationFn: () => api.post<NotificationList>('/v1/notifications/read'),
    onSuccess: (list) => client.setQueryData(notificationsQuery.queryKey, list),
  });
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;

  useDismiss(open, panelRef, () => setOpen(false), 'mousedown');

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next && unread > 0) markRead.mutate();
    if (next && isError) void refetch();
  };

  return (
    <div className="relative" ref={panelRef}>
      <button
        type="button"
        aria-label={unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.title')}
        aria-expanded={open}
        onClick={toggle}
        className="relative grid size-10 place-items-center rounded-lg hover:bg-stone-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" />
        </svg>
        <CountBadge
          count={unread}
          testId="notifications-badge"
          className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
        />
      </button>
      {open ? (
        <div
          role="region"
          aria-label={t('notifications.title')}
          className="absolute right-0 z-40 mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          <p className="border-b border-stone-100 px-4 py-3 text-sm font-semibold">{t('notifications.title')}</p>
          {data && data.items.length > 0 ? (
            <ul className="max-h-96 overflow-y-auto">
              {data.items.map((n) => (
                <li key={n.id} className="border-b border-stone-100 last:border-0">
                  <Link to={n.link ?? '#'} onClick={() => setOpen(false)} className="block px-4 py-3 hover:bg-stone-50">
                    <p className="text-sm font-medium text-stone-900">{n.title}</p>
                    {n.body ? <p className="text-sm text-stone-600">{n.body}</p> : null}
                    <p className="mt-1 text-xs text-stone-500">{formatDate(n.createdAt, WHEN)}</p>
                  </Link>
                </li>
              ))}
            </ul>
          ) : isError ? (
            // Not "no notifications": we do not know, the API could not be reached.
            <p role="alert" className="px-4 py-6 text-center text-sm text-stone-600">
              {t('notifications.error')}
            </p>
          ) : (
            <p className="px-4 py-6 text-center text-sm text-stone-500">{t('notifications.empty')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
