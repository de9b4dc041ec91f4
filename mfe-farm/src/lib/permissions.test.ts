import type { FarmRole } from '@shambasoko/shared';
import { can, denyReason, gate, type FarmAction } from './permissions';

// The FarmRole matrix of notes/FARM-API.md, row by row.
const MATRIX: Record<FarmRole, FarmAction[]> = {
  Owner: ['editFarm', 'deleteFarm', 'manageUsers', 'manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus', 'manageCosts', 'manageBudgets'],
  'Farm Manager': ['editFarm', 'deleteFarm', 'manageUsers', 'manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus', 'manageCosts', 'manageBudgets'],
  'Field Supervisor': ['manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus'],
  'Field Worker': ['updateActivityStatus'],
  Accountant: ['manageCosts', 'manageBudgets'],
  Viewer: [],
};
const ACTIONS = MATRIX.Owner;

describe('farm role permissions', () => {
  it.each(Object.entries(MATRIX))('%s may do exactly its actions', (role, allowed) => {
    for (const action of ACTIONS) expect([action, can(role as FarmRole, action)]).toEqual([action, allowed.includes(action)]);
  });

  it('gives a disabled control its reason', () => {
    expect(gate('Viewer', 'manageFields')).toEqual({
      disabled: true,
      title: 'Your role on this farm (Viewer) cannot manage fields.',
      'aria-description': 'Your role on this farm (Viewer) cannot manage fields.',
    });
    expect(gate('Owner', 'manageFields')).toEqual({});
    expect(denyReason(undefined, 'manageCosts')).toBe('You cannot manage costs here.');
  });
});
