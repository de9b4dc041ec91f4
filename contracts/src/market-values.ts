// The marketplace's category names as plain values, free of zod, so the landing page and the catalog
// label categories the same way without loading the validation library.
import type { Category } from './market';

/** The marketplace's categories (market.ts builds its schema from them and re-exports them). */
export const PRODUCT_CATEGORIES = ['crops', 'equipment', 'supplies', 'services'] as const;

/** One name per category, everywhere a category is shown (market tabs, product page, landing Hot Sellers). */
export const CATEGORY_LABELS = {
  crops: 'Crops & Produce',
  equipment: 'Equipment',
  supplies: 'Supplies',
  services: 'Services',
} as const satisfies Record<Category, string>;
