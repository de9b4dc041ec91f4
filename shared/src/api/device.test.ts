import { deviceInfo } from './device';

describe('deviceInfo', () => {
  it('sends make, model and OS only: no serial number, IMEI, IP or MAC address (Data Policy)', () => {
    const info = deviceInfo('Mozilla/5.0 (Linux; Android 14; SM-A146B) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36');
    expect(info).toEqual({ make: 'Android', model: 'SM-A146B', os: 'Android', osVersion: '14' });
  });
});
