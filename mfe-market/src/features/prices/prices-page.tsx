import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatKES, formatKESRange, intlLocale, useLocale, useMessageText } from '@shambasoko/shared';
import {
  KENYA_COUNTIES,
  PRICE_MIN_SALES,
  PRODUCT_KINDS,
  type PriceFigure,
  type PriceQuery,
  type ProductKindId,
  isKenyaCounty,
  isProductKindId,
  productKind,
  productKindName,
} from '@shambasoko/contracts';
import { Card, ErrorState, SelectField } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-reports';
import { usePriceSeries } from './api/get-price-series';
import { usePriceSummary } from './api/get-price-summary';
import { PriceChart } from './components/price-chart';

const DEFAULT_KIND: ProductKindId = 'maize';

/** /market/prices: what each kind sold for, by county and month, from paid sales on ShambaSoko. */
export default function PricesPage() {
  const t = useT();
  const [locale] = useLocale();
  const messageText = useMessageText();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const countyParam = params.get('county');
  const kind: ProductKindId = isProductKindId(kindParam) ? kindParam : DEFAULT_KIND;
  const county = countyParam !== null && isKenyaCounty(countyParam) ? countyParam : undefined;
  const query: PriceQuery = { kind, county };
  const summary = usePriceSummary(query);
  const series = usePriceSeries(query);
  const known = productKind(kind)!;
  const name = productKindName(known, locale);
  const per = t(`prices.per.${known.baseUnit}`);
  const where = county ?? t('prices.allKenya');

  const kindOptions = useMemo(() => PRODUCT_KINDS.map((k) => ({ value: k.id, label: productKindName(k, locale) })), [locale]);
  const countyOptions = useMemo(
    () => [{ value: '', label: t('prices.allKenya') }, ...KENYA_COUNTIES.map((c) => ({ value: c, label: c }))],
    [t],
  );
  const monthFormat = useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), { month: 'short', timeZone: 'UTC' }), [locale]);
  const monthLabel = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

  const choose = (key: 'kind' | 'county', value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const figure = (f: PriceFigure) => t('prices.figure', { median: formatKES(f.median), range: formatKESRange(f.low, f.high), per });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-stone-900">{t('prices.title')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('prices.intro', { min: PRICE_MIN_SALES })}</p>
      </div>
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('prices.kind')} value={kind} options={kindOptions} onChange={(e) => choose('kind', e.target.value)} />
          <SelectField
            label={t('prices.county')}
            value={county ?? ''}
            options={countyOptions}
            onChange={(e) => choose('county', e.target.value)}
          />
        </div>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-stone-900">
          {t('prices.recent', { kind: name, where, days: summary.data?.days ?? 30 })}
        </h2>
        {summary.isError ? (
          <ErrorState message={messageText(summary.error.message)} onRetry={() => void summary.refetch()} />
        ) : summary.isPending ? null : (
          <dl className="mt-3 grid gap-3 text-sm" data-testid="price-summary">
            <div>
              <dt className="text-stone-500">{t('prices.sold')}</dt>
              <dd className="font-medium text-stone-900">
                {summary.data.sold ? (
                  <>
                    {figure(summary.data.sold)} · {t('prices.sales', { count: summary.data.sold.count })}
                  </>
                ) : (
                  t('prices.tooFew', { min: PRICE_MIN_SALES })
                )}
              </dd>
            </div>
            <div>
              <dt className="text-stone-500">{t('prices.asking')}</dt>
              <dd className="font-medium text-stone-900">
                {summary.data.asking ? (
                  <>
                    {figure(summary.data.asking)} · {t('prices.listings', { count: summary.data.asking.count })}
                  </>
                ) : (
                  t('prices.tooFewListings', { min: PRICE_MIN_SALES })
                )}
              </dd>
            </div>
          </dl>
        )}
      </Card>

      <Card>
        <h2 className="text-lg font-semibold text-stone-900">{t('prices.byMonth', { kind: name, where })}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('prices.chartKey', { per })}</p>
        {series.isError ? (
          <ErrorState message={messageText(series.error.message)} onRetry={() => void series.refetch()} />
        ) : series.isPending ? null : (
          <>
            <div className="mt-3">
              <PriceChart series={series.data} title={t('prices.chartTitle', { kind: name, where })} monthLabel={monthLabel} />
            </div>
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">{t('prices.chartTitle', { kind: name, where })}</caption>
              <thead className="text-stone-500">
                <tr>
                  <th scope="col" className="py-1 font-medium">
                    {t('prices.col.month')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('prices.col.median')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('prices.col.range')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('prices.col.sales')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.data.months
                  .filter((m) => m.sold !== null)
                  .reverse()
                  .map((m) => (
                    <tr key={m.month} className="border-t border-stone-100">
                      <th scope="row" className="py-1 font-normal">
                        {m.month}
                      </th>
                      <td className="py-1">{formatKES(m.sold!.median)}</td>
                      <td className="py-1">{formatKESRange(m.sold!.low, m.sold!.high)}</td>
                      <td className="py-1 text-right">{m.sold!.count}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
            {series.data.months.every((m) => m.sold === null) ? (
              <p className="mt-2 text-sm text-stone-600">{t('prices.noMonths', { min: PRICE_MIN_SALES })}</p>
            ) : null}
          </>
        )}
      </Card>
      <Link to="/market" className="text-sm font-medium text-brand-700 underline">
        {t('prices.toMarket')}
      </Link>
    </div>
  );
}
