import { hasSavedData, markSavedData } from './saved-mark';

describe('which account this device keeps farm data for', () => {
  beforeEach(() => localStorage.clear());

  it('is one account at a time, and none once forgotten', () => {
    expect(hasSavedData('farmer-a')).toBe(false);
    markSavedData('farmer-a');
    expect(hasSavedData('farmer-a')).toBe(true);
    expect(hasSavedData('farmer-b')).toBe(false);
    markSavedData('farmer-b');
    expect(hasSavedData('farmer-a')).toBe(false);
    markSavedData(null);
    expect(hasSavedData('farmer-b')).toBe(false);
  });

  it('a storage that refuses (full, blocked) costs only the head start', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    try {
      expect(() => markSavedData('farmer-a')).not.toThrow();
      expect(hasSavedData('farmer-a')).toBe(false);
    } finally {
      setItem.mockRestore();
    }
  });
});
