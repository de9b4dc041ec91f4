// The seller profile page (/seller/profile), which is also where a buyer becomes a seller.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/profile.en.json';

export const { useT } = defineNamespace('market-profile', en, () => import('../locales/profile.sw.json'));
