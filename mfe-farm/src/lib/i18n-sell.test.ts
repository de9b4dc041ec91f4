import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/sell.en.json';
import sw from '../locales/sell.sw.json';
import { LISTING_UNITS } from '@shambasoko/contracts';

describe("the 'farm-sell' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('translate every message (a Kiswahili copy of the English is a forgotten string)', () => {
    // A unit's symbol reads the same in both languages.
    expect(untranslatedKeys(en, sw, ['sell.unit.kg'])).toEqual([]);
  });

  it('name every unit a harvest is sold in (the dialog builds their keys from the contract)', () => {
    for (const unit of LISTING_UNITS.filter((u) => u !== 'acre')) expect(Object.keys(en)).toContain(`sell.unit.${unit}`);
  });
});
