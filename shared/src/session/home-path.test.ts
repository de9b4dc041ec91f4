import { APP_ROLES } from '@shambasoko/contracts/role-values';
import { homePathFor, isHomePath } from './home-path';

describe('homePathFor', () => {
  it('gives each role its home', () => {
    expect(Object.fromEntries(APP_ROLES.map((r) => [r, homePathFor(r)]))).toEqual({
      Admin: '/admin',
      Supplier: '/seller',
      Retailer: '/seller',
      Farmer: '/dashboard',
      Buyer: '/buyer',
    });
  });

  it('knows a home path, with or without a trailing slash, and nothing under it', () => {
    expect(isHomePath('/buyer')).toBe(true);
    expect(isHomePath('/seller/')).toBe(true);
    expect(isHomePath('/dashboard')).toBe(true);
    expect(isHomePath('/seller/sales')).toBe(false);
    expect(isHomePath('/buyer/suppliers')).toBe(false);
    expect(isHomePath('/market')).toBe(false);
  });
});
