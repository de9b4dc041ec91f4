import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api, isSignedIn, useFirstScreenShown, useSession } from '@shambasoko/shared';
import { CountBadge } from './count-badge';
import { useT } from '../lib/i18n';

/** Messages with the unread count, beside the bell; signed-in only. */
export function MessagesLink() {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  const firstScreen = useFirstScreenShown();
  // The same key the messages pages refresh, so reading a thread clears the badge.
  const { data } = useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: () => api.get<{ count: number }>('/v1/messages/unread'),
    enabled: signedIn && firstScreen,
    refetchInterval: 60_000,
  });
  if (!signedIn) return null;
  const count = data?.count ?? 0;
  return (
    <Link
      to="/messages"
      aria-label={count > 0 ? t('messages.unread', { count }) : t('messages.title')}
      data-testid="frame-messages-link"
      className="relative grid size-11 place-items-center rounded-lg text-stone-700 hover:bg-stone-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
      </svg>
      <CountBadge
        count={count}
        testId="messages-unread"
        className="absolute top-0.5 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs leading-5 font-semibold text-white tabular-nums"
      />
    </Link>
  );
}
