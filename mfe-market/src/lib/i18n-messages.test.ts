import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/messages.en.json';
import sw from '../locales/messages.sw.json';

describe('the market-messages catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message', () => {
    expect(untranslatedKeys(en, sw, [])).toEqual([]);
  });
});
