import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate, useMessageText, useSession } from '@shambasoko/shared';
import type { Message, SendMessageRequest } from '@shambasoko/contracts';
import { MAX_MESSAGE_LENGTH } from '@shambasoko/contracts/message-values';
import { Button, Card, ErrorState, FormError, PageHeader, Skeleton, TextAreaField } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { useSmallForm } from '../../lib/small-form';
import { useT } from '../../lib/i18n-messages';
import { useConversation } from './api/conversation';
import { useMarkRead } from './api/mark-read';
import { useMessages } from './api/messages';
import { useSendMessage } from './api/send-message';
import { useMessageStream } from './api/stream';
import { AttachPhoto } from './components/attach-photo';
import { MessagePhoto } from './components/message-photo';
import { MessagesMain } from './components/messages-main';
import { ReportForm } from './components/report-form';

const messageChecks = lazyResolver(() => import('./form-checks').then((m) => m.sendMessageResolver));

/** Polled only while the live stream is down. */
const POLL_MS = 15_000;

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  const t = useT();
  return (
    <li className={`flex flex-col gap-0.5 ${mine ? 'items-end' : 'items-start'}`} data-testid="message">
      {!mine && <span className="text-xs text-stone-500">{message.senderName}</span>}
      {message.photos.map((url) => (
        <MessagePhoto key={url} url={url} />
      ))}
      {message.text !== '' && (
        <p
          className={`max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-wrap [overflow-wrap:anywhere] ${mine ? 'bg-brand-600 text-white' : 'bg-stone-100 text-stone-900'}`}
        >
          {message.text}
        </p>
      )}
      <span className="text-xs text-stone-500">
        {formatDate(message.createdAt, { hour: '2-digit', minute: '2-digit', timeZone: NAIROBI_TIME_ZONE })}
        {mine && ` · ${message.read ? t('thread.read') : t('thread.sent')}`}
      </span>
    </li>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const t = useT();
  const messageText = useMessageText();
  const send = useSendMessage(conversationId);
  // One key per message being written: a retry of the same text is not sent twice.
  const key = useRef(newIdempotencyKey());
  usePrefetchOnIntent(messageChecks.prefetch);
  const form = useSmallForm<SendMessageRequest, SendMessageRequest>({ resolver: messageChecks.resolver, defaultValues: { text: '' } });
  const error = form.formState.errors.text?.message;
  return (
    <form
      noValidate
      className="flex flex-col gap-2"
      onSubmit={form.handleSubmit((body) =>
        send.mutate(
          { body, key: key.current },
          {
            onSuccess: () => {
              key.current = newIdempotencyKey();
              form.reset({ text: '' });
            },
          },
        ),
      )}
    >
      <FormError message={send.error ? t('thread.sendError') : null} />
      <TextAreaField
        label={t('thread.label')}
        placeholder={t('thread.placeholder')}
        rows={2}
        maxLength={MAX_MESSAGE_LENGTH}
        {...form.register('text')}
        error={error ? `${t('thread.label')} ${messageText(error)}` : undefined}
      />
      <div className="flex items-start justify-between gap-2">
        <AttachPhoto conversationId={conversationId} />
        <Button type="submit" size="sm" loading={send.isPending} loadingText={t('thread.sending')}>
          {t('thread.send')}
        </Button>
      </div>
    </form>
  );
}

/** The thread of one conversation, kept live by the message stream (or a 15 s poll when it fails). */
export function Thread({ conversationId }: { conversationId: string }) {
  const t = useT();
  const me = useSession((s) => s.userId);
  const live = useMessageStream();
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId, live ? false : POLL_MS);
  const markRead = useMarkRead(conversationId);
  const newest = messages.data?.items.at(-1)?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (newest !== undefined) mutate();
  }, [newest, mutate]);

  if (conversation.isError || messages.isError)
    return (
      <MessagesMain>
        <ErrorState message={t('thread.loadError')} onRetry={() => void Promise.all([conversation.refetch(), messages.refetch()])} />
      </MessagesMain>
    );
  if (conversation.isPending || messages.isPending)
    return (
      <MessagesMain>
        <Skeleton className="h-64" />
      </MessagesMain>
    );
  const names = conversation.data.participants.map((p) => p.name).join(', ');
  return (
    <MessagesMain>
      <Link to="/messages" className="text-sm font-medium text-brand-700">
        {t('thread.back')}
      </Link>
      <PageHeader
        title={conversation.data.subject.title}
        subtitle={names ? t('thread.with', { names }) : t(`subject.${conversation.data.subject.kind}`)}
      />
      <Card>
        <ol className="flex flex-col gap-3" aria-live="polite" aria-label={conversation.data.subject.title}>
          {messages.data.items.map((m) => (
            <Bubble key={m.id} message={m} mine={m.senderId === me} />
          ))}
        </ol>
      </Card>
      <Composer conversationId={conversationId} />
      <ReportForm conversationId={conversationId} />
    </MessagesMain>
  );
}

export default function ThreadPage() {
  const { conversationId = '' } = useParams();
  return <Thread conversationId={conversationId} />;
}
