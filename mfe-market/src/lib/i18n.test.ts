import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/en.json';
import sw from '../locales/sw.json';
import { categoryLabel, t } from './i18n';

describe("the 'market' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('leave no message untranslated', () => {
    expect(untranslatedKeys(en, sw)).toEqual([]);
  });

  it('speak the English the pages always showed', () => {
    expect(t('market.count', { count: 1 })).toBe('1 product found');
    expect(t('market.count', { count: 1234 })).toBe('1,234 products found');
    expect(t('header.cart', { count: 2 })).toBe('Cart, 2 items');
    expect(t('footer.text', { year: '2026' })).toBe('© 2026 ShambaSoko · Prices in Ksh');
    expect(categoryLabel('crops')).toBe('Crops & Produce');
  });
});
