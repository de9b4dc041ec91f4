import { catalogProblems } from '@shambasoko/shared/testing';
import { ACTIVITY_STATUSES, ACTIVITY_TYPES, BUDGET_CATEGORIES, FARM_ROLES } from '@shambasoko/contracts';
import en from '../locales/work.en.json';
import sw from '../locales/work.sw.json';
import activitiesEn from '../locales/activities.en.json';
import budgetEn from '../locales/budget.en.json';
import costsEn from '../locales/costs.en.json';
import usersEn from '../locales/users.en.json';
import workFormsEn from '../locales/work-forms.en.json';

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

// The activities, costs, budget and users pages each load the 'farm-work' catalog and their own, and the
// dialogs' words load with the dialogs. A key in two would be a copy, not a move: a page would carry it twice.
test("no key of a page's or the dialogs' namespace is also in the 'farm-work' namespace, or in another of them", () => {
  const catalogs = [en, activitiesEn, budgetEn, costsEn, usersEn, workFormsEn];
  const keys = catalogs.flatMap((catalog) => Object.keys(catalog));
  expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
});
