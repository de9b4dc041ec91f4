import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { translateMessageText } from '@shambasoko/shared';
import { showToast } from '../../components/toasts';
import { t } from '../i18n';
import { useCart, type CartProduct } from './use-cart';

/** Add to Cart as the spec has it on cards: add one, then open /cart. Server refusals become a toast. */
export function useAddToCartAndGo(): { addingId: string | null; addAndGo(product: CartProduct, quantity?: number): Promise<void> } {
  // Adding needs no cart loaded first: the market's cards do not wait for it.
  const cart = useCart({ afterFirstScreen: true });
  const navigate = useNavigate();
  const [addingId, setAddingId] = useState<string | null>(null);
  const addAndGo = async (product: CartProduct, quantity = 1) => {
    setAddingId(product.id);
    try {
      await cart.add(product, quantity);
      navigate('/cart');
    } catch (error) {
      showToast(error instanceof Error ? translateMessageText(error.message) : t('common.addFailed'), 'error');
    } finally {
      setAddingId(null);
    }
  };
  return { addingId, addAndGo };
}
