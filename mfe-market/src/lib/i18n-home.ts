// The role homes (Buyer and Seller Overview, Suppliers): their own namespace, so their Kiswahili
// chunk comes only with these pages.
import { defineNamespace } from '@shambasoko/shared';
import en from '../locales/home.en.json';

export const { useT } = defineNamespace('market-home', en, () => import('../locales/home.sw.json'));
