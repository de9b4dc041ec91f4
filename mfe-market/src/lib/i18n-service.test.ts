import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/service.en.json';
import sw from '../locales/service.sw.json';

describe('the market-service catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    expect(untranslatedKeys(en, sw)).toEqual([]);
  });
});
