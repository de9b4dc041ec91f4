import { Link } from 'react-router-dom';
import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import type { HomeSale, SellerHome } from '@shambasoko/contracts';
import { Badge, buttonClassName, Card, EmptyState, ErrorState, PageHeader, StatCard } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-home';
import { HomeLoading, HomeMain } from './components/home-main';
import { SalesBars } from './components/sales-bars';
import { useSellerHome } from './api/get-seller-home';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

/** /seller: the seller's home (Farmer-seller, Supplier, Retailer), from GET /v1/seller/home. */
export default function SellerHomePage() {
  const t = useT();
  const messageText = useMessageText();
  const home = useSellerHome();
  return (
    <HomeMain>
      <PageHeader title={t('seller.title')} subtitle={home.data?.shop?.name ?? t('seller.subtitle')} />
      {home.isPending ? (
        <HomeLoading />
      ) : home.isError ? (
        <ErrorState title={t('home.loadFailed')} message={messageText(home.error.message)} onRetry={() => void home.refetch()} />
      ) : home.data.shop === null ? (
        <Card>
          <EmptyState
            title={t('seller.noShop')}
            message={t('seller.noShopHint')}
            action={
              <Link to="/seller/profile" className={buttonClassName()}>
                {t('seller.createProfile')}
              </Link>
            }
          />
        </Card>
      ) : (
        <SellerHomeBody home={home.data} />
      )}
    </HomeMain>
  );
}

function SaleList({ sales, empty, testId }: { sales: HomeSale[]; empty: string; testId: string }) {
  const t = useT();
  if (sales.length === 0) return <p className="py-4 text-center text-sm text-stone-500">{empty}</p>;
  return (
    <ul className="divide-y divide-stone-200" data-testid={testId}>
      {sales.map((s) => (
        <li key={s.id}>
          <Link to="/seller/sales" className="flex items-start justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50">
            <span className="min-w-0">
              <span className="block font-medium text-stone-900">
                {s.orderNumber} {s.preorder ? <Badge tone="info">{t('seller.preorder')}</Badge> : null}
              </span>
              <span className="block truncate text-sm text-stone-500">
                {t('seller.saleLine', { buyer: s.buyerName, items: t('buyer.items', { count: s.itemCount }) })}
              </span>
            </span>
            <span className="shrink-0 text-right tabular-nums">{formatKES(s.amount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SellerHomeBody({ home }: { home: SellerHome }) {
  const t = useT();
  const shop = home.shop!;
  const viewSales = (
    <Link to="/seller/sales" className={linkClass}>
      {t('seller.viewSales')}
    </Link>
  );
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Link to="/seller/sales" className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
          <StatCard label={t('seller.week')} value={formatKES(home.week.total)} hint={t('seller.salesCount', { count: home.week.count })} />
        </Link>
        <Link to="/seller/sales" className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
          <StatCard
            label={t('seller.month')}
            value={formatKES(home.month.total)}
            hint={t('seller.salesCount', { count: home.month.count })}
          />
        </Link>
        <Link
          to={`/market/seller/${encodeURIComponent(shop.id)}`}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <StatCard
            label={t('seller.rating')}
            value={shop.reviewCount > 0 ? t('seller.stars', { rating: shop.rating.toFixed(1) }) : '–'}
            hint={t('seller.reviews', { count: shop.reviewCount })}
          />
        </Link>
        <Link to="/seller/payouts" className="rounded-xl focus-visible:outline-2 focus-visible:outline-brand-600">
          <StatCard label={t('seller.payouts')} value={t('seller.payoutsValue')} hint={t('seller.payoutsHint')} />
        </Link>
      </div>

      <Link to="/seller/statements" className={`${linkClass} self-end`}>
        {t('seller.statements')}
      </Link>

      <Card title={t('seller.chart')}>
        {home.daily.every((d) => d.total === 0) ? <p className="text-sm text-stone-500">{t('seller.noSalesYet')}</p> : null}
        <SalesBars days={home.daily} />
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('seller.toAccept')} actions={viewSales}>
          <SaleList sales={home.toAccept} empty={t('seller.noneToAccept')} testId="sales-to-accept" />
        </Card>
        <Card title={t('seller.toDispatch')} actions={viewSales}>
          <SaleList sales={home.toDispatch} empty={t('seller.noneToDispatch')} testId="sales-to-dispatch" />
        </Card>
        <Card
          title={t('seller.lowStock')}
          actions={
            <Link to="/seller/inventory" className={linkClass}>
              {t('seller.inventory')}
            </Link>
          }
        >
          {home.lowStock.length === 0 ? (
            <p className="py-4 text-center text-sm text-stone-500">{t('seller.noLowStock')}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {home.lowStock.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/seller/products/${encodeURIComponent(p.id)}`}
                    className="flex justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50"
                  >
                    <span className="truncate font-medium text-stone-900">{p.name}</span>
                    <span className={`shrink-0 text-sm ${p.stock <= 0 ? 'text-red-700' : 'text-amber-700'}`}>
                      {p.stock <= 0 ? t('seller.outOfStock') : t('seller.left', { count: p.stock, unit: p.unit })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t('seller.preorders')}>
          {home.preorders.length === 0 ? (
            <p className="py-4 text-center text-sm text-stone-500">{t('seller.noPreorders')}</p>
          ) : (
            <ul className="divide-y divide-stone-200">
              {home.preorders.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`/seller/products/${encodeURIComponent(p.id)}`}
                    className="flex justify-between gap-3 rounded-lg px-2 py-3 hover:bg-stone-50"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-stone-900">{p.name}</span>
                      <span className="block text-sm text-stone-500">
                        {p.availableFrom
                          ? t('seller.harvest', { date: formatDate(`${p.availableFrom}T12:00:00Z`) })
                          : t('seller.harvestUnknown')}
                      </span>
                    </span>
                    <span className="shrink-0 text-sm text-stone-600">{t('seller.openOrders', { count: p.openOrders })}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card title={t('seller.latestReviews')}>
        {home.latestReviews.length === 0 ? (
          <p className="py-4 text-center text-sm text-stone-500">{t('seller.noReviews')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {home.latestReviews.map((r) => (
              <li key={`${r.productId}-${r.createdAt}`} className="rounded-lg border border-stone-200 p-3">
                <p className="text-sm font-medium text-stone-900">
                  <span aria-hidden="true">{'★'.repeat(r.rating)}</span>{' '}
                  <span className="sr-only">{t('seller.stars', { rating: r.rating })}</span>
                  {' · '}
                  <Link to={`/market/item?itemId=${encodeURIComponent(r.productId)}`} className="hover:text-brand-700">
                    {t('seller.reviewBy', { name: r.reviewerName, product: r.productName })}
                  </Link>
                </p>
                {r.comment ? <p className="mt-1 text-sm text-stone-600">{r.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
