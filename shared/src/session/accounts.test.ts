import { accountDisplayName, MAX_REMEMBERED_ACCOUNTS, upsertAccount, type RememberedAccount } from './accounts';

const account = (uid: string, lastUsed: number): RememberedAccount => ({
  uid,
  email: `${uid}@example.co.ke`,
  displayName: uid,
  photoURL: null,
  lastUsed,
});

describe('remembered accounts', () => {
  it('puts the newest account first and removes its older entry', () => {
    const list = [account('a', 1), account('b', 2)];
    const next = upsertAccount(list, account('b', 3));
    expect(next.map((a) => a.uid)).toEqual(['b', 'a']);
    expect(next[0]?.lastUsed).toBe(3);
  });

  it('keeps at most five', () => {
    let list: RememberedAccount[] = [];
    for (let i = 0; i < 7; i += 1) list = upsertAccount(list, account(`u${i}`, i));
    expect(list).toHaveLength(MAX_REMEMBERED_ACCOUNTS);
    expect(list.map((a) => a.uid)).toEqual(['u6', 'u5', 'u4', 'u3', 'u2']);
  });

  it('derives a display name from the e-mail, else User', () => {
    expect(accountDisplayName('Wanjiku Kamau', 'w@x.ke')).toBe('Wanjiku Kamau');
    expect(accountDisplayName('  ', 'otieno.j@x.ke')).toBe('otieno.j');
    expect(accountDisplayName(null, null)).toBe('User');
  });
});
