import { Link } from 'react-router-dom';
import type { OrderItem } from '@shambasoko/contracts';
import { formatKES } from '@shambasoko/shared';
import { ProductImage } from '../../../components/product-image';

/** One line of an order: photo, name linking to the product, quantity × price and the line's total. */
export function OrderItemRow({ item, compact = false }: { item: OrderItem; compact?: boolean }) {
  return (
    <li className={compact ? 'flex items-center gap-3 py-2' : 'flex items-center gap-3 py-3'}>
      <ProductImage src={item.image} alt="" className={compact ? 'size-12 shrink-0 rounded-lg' : 'size-14 shrink-0 rounded-lg'} />
      <div className="min-w-0 flex-1">
        <Link to={`/market/item?itemId=${encodeURIComponent(item.productId)}`} className="font-medium text-stone-900 hover:text-brand-700">
          {item.name}
        </Link>
        <p className="text-sm text-stone-500 tabular-nums">
          {item.quantity} × {formatKES(item.price)}
        </p>
      </div>
      <span className="font-medium tabular-nums">{formatKES(item.price * item.quantity)}</span>
    </li>
  );
}
