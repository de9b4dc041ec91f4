import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/checkout.en.json';
import sw from '../locales/checkout.sw.json';
import { t } from './i18n-checkout';

describe('the market-checkout catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    // Names and codes that read the same in both languages.
    expect(untranslatedKeys(en, sw, ['payment.mpesa'])).toEqual([]);
  });

  it('speak the English the page always showed', () => {
    expect(t('checkout.title')).toBe('Checkout');
    expect(t('review.place', { amount: 'Ksh 1,200' })).toBe('Place Order · Ksh 1,200');
  });
});
