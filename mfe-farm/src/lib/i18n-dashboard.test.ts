import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/dashboard.en.json';
import sw from '../locales/dashboard.sw.json';

describe("the 'farm-dashboard' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    // Only placeholders and punctuation, the same in both languages.
    expect(untranslatedKeys(en, sw, ['tasks.group'])).toEqual([]);
  });
});
