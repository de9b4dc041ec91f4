import { catalogProblems } from '@shambasoko/shared/testing';
import en from '../locales/en.json';
import sw from '../locales/sw.json';
import { categoryLabel, t } from './i18n';

// Brand names and the like read the same in both languages; anything else left equal is a missed translation.
const SAME_IN_BOTH = new Set<string>([]);

describe("the 'market' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('leave no message untranslated', () => {
    const english = en as Record<string, string>;
    const same = Object.entries(sw as Record<string, string>)
      .filter(([key, message]) => message === english[key] && !SAME_IN_BOTH.has(key))
      .map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('speak the English the pages always showed', () => {
    expect(t('market.count', { count: 1 })).toBe('1 product found');
    expect(t('market.count', { count: 1234 })).toBe('1,234 products found');
    expect(t('header.cart', { count: 2 })).toBe('Cart, 2 items');
    expect(t('footer.text', { year: '2026' })).toBe('© 2026 ShambaSoko · Prices in Ksh');
    expect(categoryLabel('crops')).toBe('Crops & Produce');
  });
});
