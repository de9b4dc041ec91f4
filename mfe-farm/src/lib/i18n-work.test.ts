import { catalogProblems } from '@shambasoko/shared/testing';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, BUDGET_CATEGORIES, FARM_ROLES } from '@shambasoko/contracts';
import en from '../locales/work.en.json';
import sw from '../locales/work.sw.json';

describe("the 'farm-work' catalogs", () => {
  it('have the same keys, placeholders and tags in English and Kiswahili', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('name every activity type and status, budget category and farm role, in English as the API sends them', () => {
    const values: Array<[string, readonly string[]]> = [
      ['type', ACTIVITY_TYPES],
      ['status', ACTIVITY_STATUSES],
      ['category', BUDGET_CATEGORIES],
      ['role', FARM_ROLES],
    ];
    for (const [kind, list] of values) {
      for (const value of list) expect((en as Record<string, string>)[`${kind}.${value}`]).toBe(value);
    }
  });
});
