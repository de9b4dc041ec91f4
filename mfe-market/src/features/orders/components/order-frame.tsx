import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Order } from '@shambasoko/contracts';
import { ApiError, useMessageText } from '@shambasoko/shared';
import { Card, EmptyState, ErrorState, PageHeader, buttonClassName } from '@shambasoko/shared/ui';
import { useShopper } from '../../../lib/session';
import { SignInPrompt } from './sign-in-prompt';
import { DashboardToasts } from '../../../components/dashboard-toasts';
import { useT } from '../../../lib/i18n-orders';

export interface OrderFrameProps {
  /** How the page reads the order of the address's :orderId (once, or live while paying). */
  useOrderQuery(userKey: string | null, orderId: string): UseQueryResult<Order>;
  /** The heading until the order has loaded. */
  fallbackTitle: string;
  subtitle(order: Order): ReactNode;
  children(order: Order, userKey: string): ReactNode;
}

/** One order's page: its header, then sign-in, loading, not found or the error, else the page's content. */
export function OrderFrame({ useOrderQuery, fallbackTitle, subtitle, children }: OrderFrameProps) {
  const t = useT();
  const messageText = useMessageText();
  const { orderId = '' } = useParams();
  const { userKey } = useShopper();
  const order = useOrderQuery(userKey, orderId);
  const missing = order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);
  let body: ReactNode;
  if (userKey === null) body = <SignInPrompt />;
  else if (order.isPending) body = <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" />;
  else if (missing)
    body = (
      <Card>
        <EmptyState title={t('order.notFound.title')} message={t('order.notFound.message')} />
      </Card>
    );
  else if (order.isError)
    body = (
      <ErrorState
        title={t('order.loadError')}
        message={messageText(order.error.message)}
        onRetry={() => order.refetch()}
        retrying={order.isFetching}
      />
    );
  else body = children(order.data, userKey);
  return (
    <main className="mx-auto max-w-6xl p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader
        title={order.data ? t('order.title', { number: order.data.number }) : fallbackTitle}
        subtitle={order.data ? subtitle(order.data) : undefined}
        actions={
          <Link to="/orders" className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {t('order.allOrders')}
          </Link>
        }
      />
      {body}
      <DashboardToasts />
    </main>
  );
}
