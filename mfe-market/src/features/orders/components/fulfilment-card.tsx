import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Rich, formatDate, formatKES } from '@shambasoko/shared';
import type { Fulfilment, FulfilmentStatus } from '@shambasoko/contracts';
import { Badge, Button, Card, type BadgeTone } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { OrderItemRow } from './order-item-row';
import { useT } from '../../../lib/i18n-orders';

const TONES: Record<FulfilmentStatus, BadgeTone> = {
  awaiting_payment: 'warning',
  paid: 'info',
  accepted: 'info',
  ready_to_dispatch: 'info',
  dispatched: 'info',
  delivered: 'success',
  cancelled: 'danger',
  expired: 'neutral',
};

function FulfilmentStatusBadge({ status }: { status: FulfilmentStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{t(`fulfilment.${status}`)}</Badge>;
}

const WHEN_FORMAT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: NAIROBI_TIME_ZONE,
};
const formatWhen = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDate(d, WHEN_FORMAT);
};

function Timeline({ events }: { events: Fulfilment['events'] }) {
  const t = useT();
  return (
    <ol aria-label={t('part.timeline')} className="relative ml-2 flex flex-col gap-4 border-l-2 border-stone-200 pl-5">
      {events.map((e, i) => (
        <li key={`${e.status}-${e.at}-${i}`} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[1.72rem] size-3 rounded-full ring-4 ring-white ${
              i === events.length - 1 ? 'bg-brand-600' : 'bg-stone-300'
            }`}
          />
          <p className="font-medium text-stone-900">{t(`fulfilment.${e.status}`)}</p>
          {e.note && <p className="text-sm whitespace-pre-line text-stone-700">{e.note}</p>}
          <p className="text-xs text-stone-500">
            <time dateTime={e.at}>{formatWhen(e.at)}</time>
            {e.by ? ` · ${e.by}` : ''}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** One seller's part of an order: what they send, its fee, where it stands and how it got there. */
export function FulfilmentCard({ fulfilment: f, onCancel, children }: { fulfilment: Fulfilment; onCancel(): void; children?: ReactNode }) {
  const t = useT();
  return (
    <Card>
      <section aria-label={t('part.fromLabel', { seller: f.seller.name })} data-testid="fulfilment" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="text-base font-semibold text-stone-900">
              <Rich
                text={t('part.from', { seller: f.seller.name })}
                components={{
                  seller: (
                    <Link to={`/market/seller/${encodeURIComponent(f.seller.id)}`} className="hover:text-brand-700 hover:underline" />
                  ),
                }}
              />
            </h2>
            <p className="text-sm text-stone-500">
              {f.seller.county}
              {f.preorder ? ` · ${t('part.preorder')}` : ''}
            </p>
          </div>
          <FulfilmentStatusBadge status={f.status} />
        </div>
        <ul className="divide-y divide-stone-200">
          {f.items.map((item) => (
            <OrderItemRow key={item.productId} item={item} compact />
          ))}
        </ul>
        <dl className="flex flex-col gap-1 border-t border-stone-200 pt-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('part.items')}</dt>
            <dd className="tabular-nums">{formatKES(f.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-stone-600">{t('part.delivery')}</dt>
            <dd className="tabular-nums">{formatKES(f.deliveryFee)}</dd>
          </div>
        </dl>
        {f.events.length > 0 && <Timeline events={f.events} />}
        {f.buyerCanCancel && (
          <div>
            <Button variant="secondary" size="sm" onClick={onCancel}>
              <Rich text={t('part.cancel', { seller: f.seller.name })} components={{ sr: <span className="sr-only" /> }} />
            </Button>
          </div>
        )}
        {children}
      </section>
    </Card>
  );
}
