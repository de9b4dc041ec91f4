import { useLocale } from '@shambasoko/shared';

interface Named {
  name: string;
  titleSw?: string | null | undefined;
}

/** What a listing is called for this reader: its seller's Kiswahili title when the page is in Kiswahili, else its name. */
const productNameIn = (product: Named, locale: string): string => (locale === 'sw' && product.titleSw ? product.titleSw : product.name);

export function useProductName(product: Named): string {
  const [locale] = useLocale();
  return productNameIn(product, locale);
}
