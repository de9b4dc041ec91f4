import { catalogProblems, untranslatedKeys } from '@shambasoko/shared/testing';
import en from '../locales/en.json';
import sw from '../locales/sw.json';
import dashboardEn from '../locales/dashboard.en.json';
import farmPageEn from '../locales/farm-page.en.json';
import farmsEn from '../locales/farms.en.json';
import cropsEn from '../locales/crops.en.json';
import fieldEn from '../locales/field.en.json';
import fieldsEn from '../locales/fields.en.json';
import filtersEn from '../locales/filters.en.json';
import formsEn from '../locales/forms.en.json';
import seasonsEn from '../locales/seasons.en.json';
import sellEn from '../locales/sell.en.json';

test("the farm namespace's Kiswahili has every key, placeholder and tag of its English", () => {
  expect(catalogProblems(en, sw)).toEqual([]);
});

test('the farm namespace leaves no message untranslated (but those that are only placeholders and signs)', () => {
  const sameInBoth = ['common.tonnesPerHectare', 'common.dateRange', 'area.hectares', 'filters.chip', 'actions.named', 'budget.ring'];
  expect(untranslatedKeys(en, sw, sameInBoth)).toEqual([]);
});

// Every farm page loads the 'farm' catalog with the routes; a page's own words live in its namespace
// (issue 43), and so do the forms' and the filter selects' words, which load with them. A key in both
// would be a copy, not a move: the pages would carry it twice.
test("no key of a page's, the forms' or the filter selects' namespace is also in the farm namespace", () => {
  for (const page of [dashboardEn, farmPageEn, farmsEn, fieldEn, fieldsEn, seasonsEn, cropsEn, sellEn, formsEn, filtersEn])
    expect(Object.keys(page).filter((key) => key in en)).toEqual([]);
});

// The account roles are named on the dashboard alone, and the field units in the field form alone: their
// words load with those (i18n-dashboard.ts, i18n-forms.ts), not with every farm page.
test('the farm namespace leaves out the account roles and the field units', () => {
  expect(Object.keys(en).filter((key) => key.startsWith('appRole.') || key.startsWith('unit.'))).toEqual([]);
});
