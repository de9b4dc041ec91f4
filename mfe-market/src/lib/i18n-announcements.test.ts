import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/announcements.en.json';
import sw from '../locales/announcements.sw.json';

describe('the market-announcements catalogs', () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message', () => {
    expect(untranslatedKeys(en, sw)).toEqual([]);
  });
});
