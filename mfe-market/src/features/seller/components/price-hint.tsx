import { formatKES, formatKESRange, useLocale } from '@shambasoko/shared';
import type { ListingUnit } from '@shambasoko/contracts';
import { type ProductKindId, baseUnitsPerListingUnit, productKind, productKindName } from '@shambasoko/contracts/product-kinds';
import { usePriceSummary } from '../api/price-summary';
import { useT } from '../../../lib/i18n-listing';

interface Props {
  kind: ProductKindId | null;
  county: string | undefined;
  unit: ListingUnit;
  weightKg: number;
  price: number;
}

/**
 * What the kind sold for in the seller's county lately, beside the seller's own price in the same
 * unit, where the price is set: "In Nakuru, Maize sold for Ksh 38–45 a kg in the last 30 days; 14 sales".
 */
export function PriceHint({ kind, county, unit, weightKg, price }: Props) {
  const t = useT();
  const [locale] = useLocale();
  const summary = usePriceSummary(kind, county);
  const known = productKind(kind);
  if (known === undefined || county === undefined || !summary.isSuccess) return null;
  const name = productKindName(known, locale);
  const per = t(`price.per.${known.baseUnit}`);
  const { sold, asking, days } = summary.data;
  const perBase = baseUnitsPerListingUnit(known, unit, weightKg);
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-sm text-stone-700 sm:col-span-2" data-testid="price-hint" aria-live="polite">
      <p>
        {sold
          ? t('price.sold', { county, kind: name, range: formatKESRange(sold.low, sold.high), per, days, count: sold.count })
          : asking
            ? t('price.asking', { county, kind: name, range: formatKESRange(asking.low, asking.high), per, count: asking.count })
            : t('price.tooFew', { county, kind: name })}
      </p>
      {price > 0 && perBase !== null && perBase !== 1 ? (
        <p className="mt-1 text-stone-600">{t('price.yours', { price: formatKES(price / perBase), per })}</p>
      ) : null}
    </div>
  );
}
