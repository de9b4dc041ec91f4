import { catalogProblems } from '@shambasoko/shared/testing';
import { HARVEST_DESTINATIONS, HARVEST_UNITS, INCOME_PAYMENT_METHODS } from '@shambasoko/contracts';
import en from '../locales/records.en.json';
import sw from '../locales/records.sw.json';

describe("the 'farm-records' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('name every harvest unit, destination and payment method', () => {
    const keys = [
      ...HARVEST_UNITS.map((v) => `unit.${v}`),
      ...HARVEST_DESTINATIONS.map((v) => `destination.${v}`),
      ...INCOME_PAYMENT_METHODS.map((v) => `payment.${v}`),
    ];
    for (const key of keys) expect(Object.keys(en)).toContain(key);
  });
});
