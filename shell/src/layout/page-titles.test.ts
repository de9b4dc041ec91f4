import { backTarget, breadcrumbs, pageTitle } from './page-titles';

describe('page titles (spec table)', () => {
  it.each([
    ['/dashboard', 'Farmer Overview'],
    ['/budget', 'Budget'],
    ['/seasons', 'Seasons'],
    ['/crops', 'Farm Crops'],
    ['/activities', 'Farm Activities'],
    ['/users', 'Farm Users'],
    ['/fields', 'Farm Fields'],
    ['/farms/3/fields/9', 'Farm Fields'],
    ['/farms', 'Farms'],
    ['/farms/3', 'Farm Overview'],
  ])('%s → %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });

  it('sends Back to /farms inside a farm, else to /dashboard', () => {
    expect(backTarget('/farms/3/fields/9')).toBe('/farms');
    expect(backTarget('/farms')).toBe('/dashboard');
    expect(backTarget('/seasons')).toBe('/dashboard');
  });

  it('builds breadcrumbs with readable labels', () => {
    expect(breadcrumbs('/farms/3/fields/9').map((c) => c.label)).toEqual(['Home', 'Farms', 'Farm', 'Fields', 'Field']);
    expect(breadcrumbs('/farms/3').at(-1)?.to).toBe('/farms/3');
  });
});
