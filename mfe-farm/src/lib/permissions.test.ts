import type { FarmRole } from '@shambasoko/contracts';
import { assignableRoles, can, denyReason, gate, memberActions, type FarmAction } from './permissions';

// The FarmRole matrix, row by row.
const MATRIX: Record<FarmRole, FarmAction[]> = {
  Owner: [
    'editFarm',
    'deleteFarm',
    'manageUsers',
    'manageFields',
    'manageSeasons',
    'manageCrops',
    'manageActivities',
    'updateActivityStatus',
    'manageCosts',
    'manageBudgets',
    'seeMoney',
  ],
  'Farm Manager': [
    'editFarm',
    'manageUsers',
    'manageFields',
    'manageSeasons',
    'manageCrops',
    'manageActivities',
    'updateActivityStatus',
    'manageCosts',
    'manageBudgets',
    'seeMoney',
  ],
  'Field Supervisor': ['manageFields', 'manageSeasons', 'manageCrops', 'manageActivities', 'updateActivityStatus'],
  'Field Worker': ['updateActivityStatus'],
  Accountant: ['manageCosts', 'manageBudgets', 'seeMoney'],
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

describe('farm user rows (issue 12: ranks and personal details)', () => {
  const row = (role: FarmRole, userId: string | null = 'other', status = 'active') => ({ role, userId, status });

  it('lets only the Owner edit or remove a Farm Manager', () => {
    expect(memberActions('Farm Manager', row('Farm Manager'), 'me')).toMatchObject({ edit: false, remove: false });
    expect(memberActions('Owner', row('Farm Manager'), 'me')).toMatchObject({
      edit: true,
      remove: true,
      editRole: true,
      editContacts: false,
    });
    expect(assignableRoles('Farm Manager')).not.toContain('Farm Manager');
    expect(assignableRoles('Owner')).toContain('Farm Manager');
  });

  it("never lets anyone but the person change their name and phone; the Owner's row is the Owner's", () => {
    expect(memberActions('Farm Manager', row('Owner'), 'me')).toEqual({ edit: false, remove: false, editContacts: false, editRole: false });
    expect(memberActions('Owner', row('Owner', 'me'), 'me')).toEqual({ edit: true, remove: false, editContacts: true, editRole: false });
    expect(memberActions('Viewer', row('Viewer', 'me'), 'me')).toEqual({ edit: true, remove: false, editContacts: true, editRole: false });
    expect(memberActions('Farm Manager', row('Field Worker'), 'me')).toMatchObject({ edit: true, editContacts: false, editRole: true });
    expect(memberActions('Farm Manager', row('Viewer', null, 'invited'), 'me')).toMatchObject({ edit: true, editContacts: true });
    expect(memberActions('Viewer', row('Field Worker'), 'me')).toMatchObject({ edit: false, remove: false });
  });
});
