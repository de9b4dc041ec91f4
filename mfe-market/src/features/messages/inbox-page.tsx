import { Link } from 'react-router-dom';
import { formatDate } from '@shambasoko/shared';
import type { Conversation } from '@shambasoko/contracts';
import { Badge, Card, EmptyState, ErrorState, PageHeader, Skeleton } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { useT } from '../../lib/i18n-messages';
import { useConversations } from './api/conversations';
import { useMessageStream } from './api/stream';
import { MessagesMain } from './components/messages-main';

const POLL_MS = 15_000;

function Row({ conversation }: { conversation: Conversation }) {
  const t = useT();
  const { subject, lastMessage, unread } = conversation;
  return (
    <li>
      <Link to={`/messages/${conversation.id}`} className="flex items-center gap-3 py-3" data-testid="conversation-row">
        {subject.photo ? (
          <img src={`/static/${subject.photo}`} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
        ) : (
          <span aria-hidden="true" className="size-12 shrink-0 rounded-lg bg-stone-100" />
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium text-stone-900">{subject.title}</span>
          <span className="block truncate text-xs text-stone-500">
            {t(`subject.${subject.kind}`)} · {conversation.participants.map((p) => p.name).join(', ')}
          </span>
          <span className="block truncate text-sm text-stone-700">
            {lastMessage === null ? t('inbox.noMessages') : lastMessage.text || t('inbox.photo')}
          </span>
        </span>
        <span className="flex shrink-0 flex-col items-end gap-1 text-xs text-stone-500">
          {formatDate(conversation.updatedAt, { day: 'numeric', month: 'short', timeZone: NAIROBI_TIME_ZONE })}
          {unread > 0 && <Badge tone="success">{t('inbox.unread', { count: unread })}</Badge>}
        </span>
      </Link>
    </li>
  );
}

/** /messages: the person's conversations, newest first, with what each is about and its unread count. */
export default function InboxPage() {
  const t = useT();
  const live = useMessageStream();
  const { data, isPending, isError, refetch } = useConversations(live ? false : POLL_MS);
  return (
    <MessagesMain>
      <PageHeader title={t('inbox.title')} />
      <Card>
        {isPending ? (
          <Skeleton className="h-40" />
        ) : isError ? (
          <ErrorState message={t('inbox.loadError')} onRetry={() => void refetch()} />
        ) : data.items.length === 0 ? (
          <EmptyState title={t('inbox.title')} message={t('inbox.empty')} />
        ) : (
          <ul className="divide-y divide-stone-200" aria-label={t('inbox.title')}>
            {data.items.map((c) => (
              <Row key={c.id} conversation={c} />
            ))}
          </ul>
        )}
      </Card>
    </MessagesMain>
  );
}
