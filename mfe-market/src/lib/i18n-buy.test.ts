import { catalogProblems } from '@shambasoko/shared/testing';
import en from '../locales/buy.en.json';
import sw from '../locales/buy.sw.json';
import { t } from './i18n-buy';
import market from '../locales/en.json';

// Brand names and the like read the same in both languages; anything else left equal is a missed translation.
const SAME_IN_BOTH = new Set(['payment.mpesa', 'contact.whatsapp']);

describe("the 'market-buy' catalogs", () => {
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
    expect(t('summary.subtotalItems', { count: 1 })).toBe('Subtotal (1 item)');
    expect(t('checkout.title')).toBe('Checkout');
  });

  it("holds only what the market's list does not show: no key is in both namespaces", () => {
    expect(Object.keys(market).filter((key) => key in en)).toEqual([]);
  });
});
