import { cropOf } from '../../testing/fixtures';
import { cropSummary } from './farm-crops-tab';

describe('cropSummary (Crops tab cards)', () => {
  it('counts crops, adds area, counts growing ones and averages the known yields', () => {
    expect(
      cropSummary([
        cropOf({ area: 4, yieldPerHectare: 3 }),
        cropOf({ area: 2.5, yieldPerHectare: 4.5, status: 'harvested' }),
        cropOf({ area: 1, yieldPerHectare: null }),
      ]),
    ).toEqual({ count: 3, area: 7.5, growing: 2, avgYield: 3.8 });
  });

  it('has no average yield without any yields', () => {
    expect(cropSummary([]).avgYield).toBeNull();
  });
});
