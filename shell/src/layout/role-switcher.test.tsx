import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { useSession } from '@shambasoko/shared';
import { RoleSwitcher } from './role-switcher';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The switcher on `path`, with the path shown after any navigation. */
const at = (path = '/market') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <RoleSwitcher />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

const user = { uid: 'u', email: 'u@x.ke', displayName: 'U' };

describe('RoleSwitcher', () => {
  it('offers exactly the roles the account holds, and follows a change of roles', async () => {
    useSession.setState({ user: { ...user, roles: ['Buyer', 'Supplier'] }, role: 'Supplier' });
    at();
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
    at();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('current-role')).toHaveTextContent('Farmer');
  });

  it("moves from one role's home to the new role's home, and stays on any other page", async () => {
    useSession.setState({ user: { ...user, roles: ['Supplier', 'Farmer', 'Buyer'] }, role: 'Farmer' });
    at('/dashboard');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Buyer');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/buyer$/);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Supplier');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/seller$/);
  });

  it('keeps the page when it is not a home', async () => {
    useSession.setState({ user: { ...user, roles: ['Farmer', 'Buyer'] }, role: 'Farmer' });
    at('/orders');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Buyer');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/orders$/);
  });

  it('shows Admin on the Admin console, not the role picked before, and no picker where only Admin applies', () => {
    useSession.setState({ user: { ...user, roles: ['Admin', 'Farmer', 'Buyer'] }, role: 'Farmer' });
    at('/admin/accounts');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('current-role')).toHaveTextContent(/^Admin$/);
    expect(useSession.getState().role).toBe('Farmer');
  });

  it('keeps the picker with the picked role outside the Admin console', () => {
    useSession.setState({ user: { ...user, roles: ['Admin', 'Farmer'] }, role: 'Farmer' });
    at('/administrators-guide');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Farmer');
  });
});
