import type { Crop } from '@shambasoko/shared';
import { cropSummary } from './farm-crops-tab';

const crop = (over: Partial<Crop>): Crop => ({
  id: 'c', farmId: 'f', farmName: 'F', fieldId: 'fl', fieldName: 'Fl', seasonId: 's', seasonName: 'S', name: 'Maize', area: 1,
  plantedDate: '2026-03-01', expectedHarvest: '2026-08-01', yieldPerHectare: null, status: 'growing', createdBy: { id: 'u', name: 'U' }, ...over,
});

describe('cropSummary (Crops tab cards)', () => {
  it('counts crops, adds area, counts growing ones and averages the known yields', () => {
    expect(cropSummary([
      crop({ area: 4, yieldPerHectare: 3 }),
      crop({ area: 2.5, yieldPerHectare: 4.5, status: 'harvested' }),
      crop({ area: 1, yieldPerHectare: null }),
    ])).toEqual({ count: 3, area: 7.5, growing: 2, avgYield: 3.8 });
  });

  it('has no average yield without any yields', () => {
    expect(cropSummary([]).avgYield).toBeNull();
  });
});
