// The checkout (/checkout): its steps, the shipping and payment forms, their checks and the review.
// The largest of the buying pages' catalogs, so it is its own namespace: no other page loads it. The
// summary, the promo field and the M-Pesa number's words it shares with others are in i18n-buy.ts.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/checkout.en.json';

export const { useT, t, ready } = defineNamespace('market-checkout', en, () => import('../locales/checkout.sw.json'));

export type CheckoutKey = keyof typeof en;
