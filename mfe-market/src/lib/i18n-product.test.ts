import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/product.en.json';
import sw from '../locales/product.sw.json';

describe('the market-product catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    // Names and codes that read the same in both languages.
    expect(untranslatedKeys(en, sw, ['price.perBase'])).toEqual([]);
  });
});
