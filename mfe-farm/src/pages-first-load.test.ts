/** @jest-environment node */
import { importChain } from '@shambasoko/shared/testing';

// The words of one page or one lazily loaded dialog are a namespace of their own (issue 43), so the
// other farm pages leave them out of their first load: no page's static imports reach another's.
const PAGE_WORDS: Record<string, string | readonly string[] | null> = {
  'lib/i18n-dashboard.ts': 'pages/dashboard/dashboard-page.tsx',
  'lib/i18n-farms.ts': 'features/farms/farms-page.tsx',
  'lib/i18n-farm-page.ts': 'pages/farm/farm-page.tsx',
  'lib/i18n-field.ts': 'pages/field-page.tsx',
  'lib/i18n-fields.ts': 'features/fields/fields-page.tsx',
  'lib/i18n-seasons.ts': 'features/seasons/seasons-page.tsx',
  'lib/i18n-crops.ts': 'features/crops/crops-page.tsx',
  // The "Sell this harvest" dialog's, which loads when first opened.
  'lib/i18n-sell.ts': null,
  // The activities list's, with its Start / Mark done buttons, which the dashboard's tasks show too.
  'lib/i18n-activities.ts': ['features/activities/activities-page.tsx', 'pages/dashboard/dashboard-page.tsx'],
  // The costs list's, whose table the budget page shows too.
  'lib/i18n-costs.ts': ['features/costs/costs-page.tsx', 'pages/budget-page.tsx'],
  'lib/i18n-budget.ts': 'pages/budget-page.tsx',
  'lib/i18n-users.ts': 'features/users/users-page.tsx',
  // The activity, cost, budget and user dialogs', which load when first opened.
  'lib/i18n-work-forms.ts': null,
  // The field, season and crop forms', which load when first opened.
  'lib/i18n-forms.ts': null,
  // The filter selects', which a list loads when its Filters first open; these two pages show them at once.
  'lib/i18n-filters.ts': ['pages/budget-page.tsx', 'pages/season-report-page.tsx'],
};

// The routes module, which every farm page loads, and each route's page.
const ENTRIES = [
  'routes.tsx',
  'pages/dashboard/dashboard-page.tsx',
  'features/farms/farms-page.tsx',
  'pages/farm/farm-page.tsx',
  'pages/field-page.tsx',
  'features/fields/fields-page.tsx',
  'features/seasons/seasons-page.tsx',
  'features/crops/crops-page.tsx',
  'features/activities/activities-page.tsx',
  'features/users/users-page.tsx',
  'pages/budget-page.tsx',
  'features/costs/costs-page.tsx',
  'pages/crop-records-page.tsx',
  'pages/season-report-page.tsx',
];

/** The first chain from `entry` to a page namespace's module that `entry` does not own. */
const foreignWords = (entry: string) =>
  importChain(__dirname, entry, (_specifier, file) =>
    Object.entries(PAGE_WORDS).some(([module, owners]) => ![owners].flat().includes(entry) && Boolean(file?.endsWith(`/src/${module}`))),
  );

test.each(ENTRIES)("%s loads no other page's words", (entry) => {
  expect(foreignWords(entry)).toBeNull();
});

test.each([
  ['pages/dashboard/dashboard-page.tsx', 'lib/i18n-dashboard.ts'],
  ['features/crops/components/sell-harvest-dialog.tsx', 'lib/i18n-sell.ts'],
  ['pages/field-page.tsx', 'lib/i18n-field.ts'],
  ['pages/dashboard/dashboard-page.tsx', 'lib/i18n-activities.ts'],
  ['pages/budget-page.tsx', 'lib/i18n-costs.ts'],
  ['features/activities/components/log-activity-dialog.tsx', 'lib/i18n-work-forms.ts'],
  ['features/users/components/user-form-dialog.tsx', 'lib/i18n-work-forms.ts'],
  ['features/fields/components/field-form-dialog.tsx', 'lib/i18n-forms.ts'],
  ['pages/season-report-page.tsx', 'lib/i18n-filters.ts'],
  ['features/crops/crops-page.tsx', 'lib/i18n-crops.ts'],
])('the check sees it where a module does load them (%s)', (entry, module) => {
  expect(importChain(__dirname, entry, (_specifier, file) => Boolean(file?.endsWith(`/src/${module}`)))).not.toBeNull();
});

// The farm → field → … selects load when a list's "Filters" first opens; the budget and the season
// report, whose first screen is those selects, take them at once.
const SELECTS = 'lib/filters/cascading-selects.tsx';
const selectsChain = (entry: string) => importChain(__dirname, entry, (_specifier, file) => Boolean(file?.endsWith(`/src/${SELECTS}`)));

test.each([
  'features/fields/fields-page.tsx',
  'features/seasons/seasons-page.tsx',
  'features/crops/crops-page.tsx',
  'features/activities/activities-page.tsx',
  'features/users/users-page.tsx',
  'features/costs/costs-page.tsx',
])('%s loads the filter selects only when Filters opens', (entry) => {
  expect(selectsChain(entry)).toBeNull();
});

test.each(['pages/budget-page.tsx', 'pages/season-report-page.tsx'])('%s shows the selects at once', (entry) => {
  expect(selectsChain(entry)).not.toBeNull();
});

test.each(['view-activity-dialog', 'delete-activity-dialog'])(
  'the activities list and the farm page load the %s when it opens',
  (dialog) => {
    for (const entry of ['features/activities/activities-page.tsx', 'pages/farm/farm-activities-tab.tsx'])
      expect([
        entry,
        importChain(__dirname, entry, (_specifier, file) => Boolean(file?.endsWith(`/activities/components/${dialog}.tsx`))),
      ]).toEqual([entry, null]);
  },
);

// A crop's records page takes its values from the contracts' value modules: a value from a module that
// also defines schemas brings zod with it (~40 kB gzip, with the form library its dialogs share).
test("a crop's records page takes no value from the contracts' schema entry", () => {
  expect(importChain(__dirname, 'pages/crop-records-page.tsx', (specifier) => specifier === '@shambasoko/contracts')).toBeNull();
});

// A farm's location reads "Place, County" through contracts/src/place.ts: the pages that show it leave the
// 47-county table (contracts/src/counties.ts) to the forms that pick a county. They take every value from the
// contracts' own modules, so the check can follow them (the entry of every schema it cannot).
test.each(['pages/dashboard/dashboard-page.tsx', 'features/farms/farms-page.tsx', 'pages/farm/farm-page.tsx'])(
  '%s loads no county table',
  (entry) => {
    expect(
      importChain(
        __dirname,
        entry,
        (specifier, file) => specifier === '@shambasoko/contracts' || Boolean(file?.endsWith('/contracts/src/counties.ts')),
      ),
    ).toBeNull();
  },
);

// The budget's costs and a farm's tabs show tables (components/list-table.tsx), not list pages: they leave
// the list pages' search, chips and filters (components/list-page.tsx) out.
test.each(['pages/budget-page.tsx', 'pages/farm/farm-page.tsx'])('%s loads no list page frame', (entry) => {
  expect(importChain(__dirname, entry, (_specifier, file) => Boolean(file?.endsWith('/src/components/list-page.tsx')))).toBeNull();
});
