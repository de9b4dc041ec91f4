// A seller's shop (/market/seller/:sellerId): its details and listings. Few words, but only this page
// shows them, so they are a namespace of their own rather than a part of every buying page's
// (i18n-buy.ts, where the contact buttons it shares with a product's page are).
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/store.en.json';

export const { useT, ready } = defineNamespace('market-store', en, () => import('../locales/store.sw.json'));
