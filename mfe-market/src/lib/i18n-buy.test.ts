import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import market from '../locales/en.json';
import en from '../locales/buy.en.json';
import sw from '../locales/buy.sw.json';
import cart from '../locales/cart.en.json';
import checkout from '../locales/checkout.en.json';
import product from '../locales/product.en.json';
import store from '../locales/store.en.json';
import { t } from './i18n-buy';

describe("the 'market-buy' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('leave no message untranslated (but the names that read the same in both)', () => {
    expect(untranslatedKeys(en, sw, ['contact.whatsapp'])).toEqual([]);
  });

  it('speak the English the pages always showed', () => {
    expect(t('summary.subtotalItems', { count: 1 })).toBe('Subtotal (1 item)');
  });

  it("hold only what the market's list does not show: no key is in both namespaces", () => {
    expect(Object.keys(market).filter((key) => key in en)).toEqual([]);
  });

  // The buying pages' words were one catalog, split by page: a key in two of them would be a word that
  // a page carries twice, or one that was copied instead of moved.
  it("share no key with a buying page's own catalog", () => {
    const own = { product, checkout, cart, store };
    const twice = Object.entries(own).flatMap(([name, catalog]) =>
      Object.keys(catalog)
        .filter((key) => key in en || Object.entries(own).some(([other, words]) => other !== name && key in words))
        .map((key) => `${name}: ${key}`),
    );
    expect(twice).toEqual([]);
  });
});
