import { formatKES, formatKESRange } from '@shambasoko/shared';
import { useT } from '../../../lib/i18n-product';
import { useProductPrice } from '../api/get-product-price';

/** "Ksh 42 a kg · typical in Nakuru: Ksh 38–45 (14 sales)": the price compared where the buyer decides. */
export function TypicalPrice({ productId }: { productId: string }) {
  const t = useT();
  const price = useProductPrice(productId);
  if (!price.isSuccess || price.data.baseUnit === null) return null;
  const { perBaseUnit, typical, county, baseUnit } = price.data;
  const per = t(`price.per.${baseUnit}`);
  const parts = [
    perBaseUnit !== null && perBaseUnit > 0 ? t('price.perBase', { price: formatKES(perBaseUnit), per }) : null,
    typical ? t('price.typical', { county, range: formatKESRange(typical.low, typical.high), per, count: typical.count }) : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 text-sm text-stone-600" data-testid="typical-price">
      {parts.join(' · ')}
    </p>
  );
}
