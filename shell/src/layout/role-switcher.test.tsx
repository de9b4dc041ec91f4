import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import { RoleSwitcher } from './role-switcher';

const user = { uid: 'u', email: 'u@x.ke', displayName: 'U' };

describe('RoleSwitcher', () => {
  it('offers exactly the roles the account holds, and follows a change of roles', async () => {
    useSession.setState({ user: { ...user, roles: ['Buyer', 'Supplier'] }, role: 'Supplier' });
    render(<RoleSwitcher />);
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Supplier', 'Buyer']);
    await userEvent.selectOptions(select, 'Buyer');
    expect(useSession.getState().role).toBe('Buyer');
    act(() => useSession.getState().setRoles(['Admin', 'Farmer', 'Buyer']));
    expect([...screen.getByRole('combobox', { name: 'Role' }).querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Admin',
      'Farmer',
      'Buyer',
    ]);
  });

  it('shows a single role as text, not a select', () => {
    useSession.setState({ user: { ...user, roles: ['Farmer'] }, role: 'Farmer' });
    render(<RoleSwitcher />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('current-role')).toHaveTextContent('Farmer');
  });
});
