import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/budget.en.json';
import sw from '../locales/budget.sw.json';

describe("the 'farm-budget' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    // Only a placeholder and a sign, the same in both languages.
    expect(untranslatedKeys(en, sw, ['budget.category.percent'])).toEqual([]);
  });
});
