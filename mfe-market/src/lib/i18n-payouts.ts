// The seller's payouts page (/seller/payouts): balances, a payout request, settings and history.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/payouts.en.json';

export const { useT } = defineNamespace('market-payouts', en, () => import('../locales/payouts.sw.json'));
