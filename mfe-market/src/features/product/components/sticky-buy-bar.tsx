import { useEffect, useState, type RefObject } from 'react';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { Button } from '@shambasoko/shared/ui';
import { CartIcon } from '../../../components/frame-icons';
import { useT } from '../../../lib/i18n';
import { useT as useProductT } from '../../../lib/i18n-product';

/** True once the element has been scrolled past (above the screen); false where there is no IntersectionObserver. */
function useScrolledPast(target: RefObject<HTMLElement | null>): boolean {
  const [offScreen, setOffScreen] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) =>
      setOffScreen(entries.some((e) => !e.isIntersecting && e.boundingClientRect.top < 0)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [target]);
  return offScreen;
}

interface StickyBuyBarProps {
  /** The page's own Add to Cart row: the bar shows only once the buyer has scrolled past it. */
  anchor: RefObject<HTMLElement | null>;
  name: string;
  price: number;
  unit?: string;
  adding: boolean;
  onAdd: () => void;
}

/**
 * On phones the price and Add to Cart stay within thumb's reach while the buyer reads the description and
 * reviews. Hidden from sm up, where the buy box sits beside the gallery.
 */
export function StickyBuyBar({ anchor, name, price, unit, adding, onAdd }: StickyBuyBarProps) {
  const t = useT();
  const productT = useProductT();
  const text = useMessageText();
  const offScreen = useScrolledPast(anchor);
  if (!offScreen) return null;
  return (
    <div
      role="region"
      aria-label={productT('product.buyBar')}
      data-testid="sticky-buy-bar"
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-stone-200 bg-white px-4 py-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.06)] sm:hidden"
    >
      <p className="min-w-0 flex-1">
        <span className="block truncate text-xs text-stone-600" translate="no">
          {name}
        </span>
        <span className="text-lg font-bold text-brand-700 tabular-nums">{formatKES(price)}</span>
        {unit && <span className="text-xs text-stone-600"> {text(unit)}</span>}
      </p>
      <Button onClick={onAdd} loading={adding} loadingText={t('common.adding')} className="shrink-0">
        <CartIcon /> {t('common.addToCart')}
      </Button>
    </div>
  );
}
