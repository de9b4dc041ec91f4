import { useState } from 'react';
import { useMessageText } from '@shambasoko/shared';
import { Badge, Button, EmptyState, ErrorState, FormError } from '@shambasoko/shared/ui';
import { useAnswerServiceRequest, useServiceRequests } from '../api/sales';
import { LoadingBlock } from './loading-block';
import { useT } from '../../../lib/i18n-sales';

/** Services booked for a day and a place (combine hire, spraying…), answered by the seller. */
export function ServiceRequests() {
  const t = useT();
  const messageText = useMessageText();
  const requests = useServiceRequests();
  const answer = useAnswerServiceRequest();
  const [error, setError] = useState<string | null>(null);
  if (requests.isPending) return <LoadingBlock />;
  if (requests.isError) return <ErrorState message={messageText(requests.error.message)} onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) return <EmptyState title={t('service.empty')} />;
  const send = (id: string, status: 'accepted' | 'declined' | 'done') => {
    setError(null);
    answer.mutate({ id, status }, { onError: (e) => setError(messageText(e.message)) });
  };
  return (
    <div className="flex flex-col gap-3">
      <FormError message={error} />
      <ul className="flex flex-col gap-3">
        {requests.data.map((r) => (
          <li
            key={r.id}
            className="rounded-xl border border-stone-200 bg-white p-4 text-sm shadow-sm"
            aria-label={t('service.label', { product: r.productName })}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold text-stone-900">{r.productName}</h3>
              <Badge tone={r.status === 'requested' ? 'warning' : r.status === 'accepted' ? 'info' : 'neutral'}>
                {t(`service.status.${r.status}`)}
              </Badge>
            </div>
            <p className="mt-1 text-stone-700">
              {r.date} · {r.place}
            </p>
            {r.note ? <p className="text-stone-600">{r.note}</p> : null}
            {r.requester ? (
              <p className="mt-1">
                {r.requester.name}
                {r.requester.phone ? (
                  <>
                    {' · '}
                    <a className="text-brand-700 underline" href={`tel:${r.requester.phone}`}>
                      {r.requester.phone}
                    </a>
                  </>
                ) : null}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              {r.status === 'requested' ? (
                <>
                  <Button size="sm" disabled={answer.isPending} onClick={() => send(r.id, 'accepted')}>
                    {t('service.accept')}
                  </Button>
                  <Button size="sm" variant="secondary" disabled={answer.isPending} onClick={() => send(r.id, 'declined')}>
                    {t('service.decline')}
                  </Button>
                </>
              ) : null}
              {r.status === 'accepted' ? (
                <Button size="sm" disabled={answer.isPending} onClick={() => send(r.id, 'done')}>
                  {t('service.done')}
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
