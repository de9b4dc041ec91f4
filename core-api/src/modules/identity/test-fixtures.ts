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
