import { readValue, removeValue, storedKeys, writeValue } from './storage';

describe('offline storage without IndexedDB (storage disabled, jsdom)', () => {
  it('keeps values for the life of the page instead of throwing', async () => {
    expect(typeof indexedDB).toBe('undefined');
    await writeValue('outbox:u1', [{ id: 1 }]);
    expect(await readValue('outbox:u1')).toEqual([{ id: 1 }]);
    expect(await storedKeys()).toEqual(['outbox:u1']);
    await removeValue('outbox:u1');
    expect(await readValue('outbox:u1')).toBeUndefined();
  });
});
