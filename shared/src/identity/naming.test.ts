import { accountNames, firstNameOf, initials, joinName, splitFullName, usernameFromEmail } from './naming';

describe('name and username derivation', () => {
  it('builds the username from the e-mail local part', () => {
    expect(usernameFromEmail('Wanjiku.Kamau+farm@Example.co.ke')).toBe('wanjikukamaufarm');
    expect(usernameFromEmail('otieno_j-2@x.ke')).toBe('otienoj2');
    expect(usernameFromEmail('  A.B@x.ke ')).toBe('ab');
  });

  it('splits a full name: first word, then the rest, else the first word again', () => {
    expect(splitFullName('Wanjiku Njeri Kamau')).toEqual({ firstName: 'Wanjiku', lastName: 'Njeri Kamau' });
    expect(splitFullName('  Otieno  ')).toEqual({ firstName: 'Otieno', lastName: 'Otieno' });
    expect(splitFullName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('joins and trims the name sent', () => {
    expect(joinName(' Achieng ', ' Odhiambo ')).toBe('Achieng Odhiambo');
    expect(joinName('Achieng', '')).toBe('Achieng');
  });

  it('derives the account names from the form', () => {
    expect(accountNames('Achieng', 'Odhiambo')).toEqual({ firstName: 'Achieng', lastName: 'Odhiambo', fullName: 'Achieng Odhiambo' });
    expect(accountNames('Achieng', '')).toEqual({ firstName: 'Achieng', lastName: 'Achieng', fullName: 'Achieng Achieng' });
  });

  it('greets by the first name, else the e-mail local part, else User', () => {
    expect(firstNameOf('Wanjiku Kamau', 'w@x.ke')).toBe('Wanjiku');
    expect(firstNameOf('', 'otieno@x.ke')).toBe('otieno');
    expect(firstNameOf(null, null)).toBe('User');
  });
});

describe('avatar initials', () => {
  it('uses the first letters of the first two name parts', () => {
    expect(initials('wanjiku njeri kamau', 'w@x.ke')).toBe('WN');
    expect(initials('Otieno', 'o@x.ke')).toBe('O');
  });

  it("falls back to the e-mail's first letter, else U", () => {
    expect(initials('  ', 'achieng@x.ke')).toBe('A');
    expect(initials(null, null)).toBe('U');
    expect(initials(undefined, '')).toBe('U');
  });
});
