import { ACCEPTED_POLICIES } from '../../testing/accounts';

export const deviceFixture = {
  make: 'Samsung',
  model: 'SM-A146B',
  os: 'Android',
  osVersion: '14',
  serialNumber: 'serial-1',
  imei: 'imei-1',
  ipAddress: '127.0.0.1',
  macAddress: '',
};

/** A create-account body's `account` for an emulator account `a`; `extra` overrides fields. */
export const accountFor = (a: { uid: string; email: string }, extra: Record<string, unknown> = {}) => ({
  firebaseRefId: a.uid,
  username: 'x',
  firstName: 'Achieng',
  lastName: 'Otieno',
  fullName: 'Achieng Otieno',
  email: a.email,
  msisdn: '+254 712 345 678',
  password: '',
  avatar: null,
  ...ACCEPTED_POLICIES,
  roles: ['Farmer'],
  device: deviceFixture,
  ...extra,
});
