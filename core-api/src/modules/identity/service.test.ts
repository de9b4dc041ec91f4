import { splitFullName, usernameFromEmail } from './service';

describe('name and username derivation', () => {
  it('derives the username from the e-mail local part, lowercased, letters and digits only', () => {
    expect(usernameFromEmail('Mary.Wambui_92@Example.co.ke')).toBe('marywambui92');
  });
  it('splits a full name: first word, then the rest; the first word again when alone', () => {
    expect(splitFullName('Grace Wanjiku Mwangi')).toEqual({ firstName: 'Grace', lastName: 'Wanjiku Mwangi' });
    expect(splitFullName('Otieno')).toEqual({ firstName: 'Otieno', lastName: 'Otieno' });
  });
});
