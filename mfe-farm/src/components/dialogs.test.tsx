// Issue 43: a farm page's first load carries no form library, resolver or schema library; the forms
// bring them when a dialog first opens (dialogs.tsx).
const mockLoaded = new Set<string>();
jest.mock('react-hook-form', () => {
  mockLoaded.add('react-hook-form');
  return jest.requireActual('react-hook-form');
});
jest.mock('@hookform/resolvers/zod', () => {
  mockLoaded.add('@hookform/resolvers/zod');
  return jest.requireActual('@hookform/resolvers/zod');
});

const PAGES: Record<string, () => unknown> = {
  '/dashboard': () => import('../pages/dashboard/dashboard-page'),
  '/farms': () => import('../features/farms/farms-page'),
  '/farms/:farmId': () => import('../pages/farm/farm-page'),
  '/farms/:farmId/fields/:fieldId': () => import('../pages/field-page'),
  '/fields': () => import('../features/fields/fields-page'),
  '/seasons': () => import('../features/seasons/seasons-page'),
  '/crops': () => import('../features/crops/crops-page'),
  '/activities': () => import('../features/activities/activities-page'),
  '/users': () => import('../features/users/users-page'),
  '/budget': () => import('../pages/budget-page'),
  '/costs': () => import('../features/costs/costs-page'),
  '/crops/:cropId': () => import('../pages/crop-records-page'),
  '/season-report': () => import('../pages/season-report-page'),
};

describe('a farm page’s own code', () => {
  it.each(Object.keys(PAGES))('%s loads no form library until a form opens', async (path) => {
    mockLoaded.clear();
    await jest.isolateModulesAsync(async () => {
      await PAGES[path]!();
    });
    expect([...mockLoaded]).toEqual([]);
  });

  it('a form dialog brings the form library when it opens', async () => {
    mockLoaded.clear();
    await import('../features/farms/components/add-farm-dialog');
    expect([...mockLoaded]).toContain('react-hook-form');
  });
});

// A module, not a script: its names stay its own.
export {};
