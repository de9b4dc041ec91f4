import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/routes.en.json';
import sw from '../locales/routes.sw.json';

describe('the market-routes catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every title', () => {
    expect(untranslatedKeys(en, sw)).toEqual([]);
  });
});
