import { hasSavedData, markQueuedWrites, markSavedData, offlineDataOnDevice } from './saved-mark';

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

describe('whether the device keeps anything for the offline support', () => {
  beforeEach(() => localStorage.clear());

  it("is saved farm data of any account, or any account's waiting changes, until each is gone", () => {
    expect(offlineDataOnDevice()).toBe(false);
    markSavedData('farmer-a');
    expect(offlineDataOnDevice()).toBe(true);
    markSavedData(null);
    expect(offlineDataOnDevice()).toBe(false);
    markQueuedWrites('farmer-a', true);
    markQueuedWrites('farmer-b', true);
    markQueuedWrites('farmer-a', true);
    markQueuedWrites('farmer-a', false);
    // farmer-b's changes still wait, whoever is signed in now.
    expect(offlineDataOnDevice()).toBe(true);
    markQueuedWrites('farmer-b', false);
    expect(offlineDataOnDevice()).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('reads a damaged mark as nothing waiting', () => {
    localStorage.setItem('shambasoko.offline.queued', '{not json');
    expect(offlineDataOnDevice()).toBe(false);
    localStorage.setItem('shambasoko.offline.queued', '[7, "farmer-a"]');
    expect(offlineDataOnDevice()).toBe(true);
    markQueuedWrites('farmer-a', false);
    expect(offlineDataOnDevice()).toBe(false);
  });
});
