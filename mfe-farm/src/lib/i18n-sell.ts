// The 'farm-sell' namespace: the "Sell this harvest" dialog's words. English comes with the dialog, which
// loads when first opened; Kiswahili is a chunk of its own, fetched only when someone chooses it. The
// row button's own two words stay in the 'farm' namespace (i18n.ts), with the pages that show it.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/sell.en.json';

export const { useT, t } = defineNamespace('farm-sell', en, () => import('../locales/sell.sw.json'));

/** A key of this catalog: the dialog builds the units' keys from the contract's values. */
export type SellKey = Extract<keyof typeof en, string>;
