import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import * as shared from '@shambasoko/shared';
import { AccountMenu } from './account-menu';

jest.mock('@shambasoko/shared', () => ({
  ...jest.requireActual<typeof shared>('@shambasoko/shared'),
  signOut: jest.fn(async () => undefined),
}));

function renderMenu() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<AccountMenu />} />
        <Route path="/" element={<p>Landing</p>} />
        <Route path="/profile" element={<p>Profile</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AccountMenu', () => {
  beforeEach(() => shared.useSession.setState({ user: { uid: 'u', displayName: 'wanjiku njeri kamau', email: 'w@x.ke' } }));

  it('shows the initials and the menu items', async () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(button).toHaveTextContent('WN');
    await userEvent.click(button);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile Settings',
      'Security',
      'Preferences',
      'Sign Out',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Security' })).toHaveAttribute('href', '/security');
    expect(screen.getByRole('menuitem', { name: 'Preferences' })).toHaveAttribute('href', '/preferences');
    // Features not built yet have no entry (they led to the generic Coming Soon page).
    expect(screen.queryByRole('menuitem', { name: 'Billing & Plans' })).not.toBeInTheDocument();
  });

  it("shows the account's e-mail, but never a phone-only account's stand-in address", async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toHaveTextContent('w@x.ke');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    act(() =>
      shared.useSession.setState({ user: { uid: 'p', displayName: 'Wairimu Wanjiru', email: '254712345678@phone.shambasoko.invalid' } }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toHaveTextContent('Wairimu Wanjiru');
    expect(screen.getByRole('menu')).not.toHaveTextContent('invalid');
  });

  it('closes on Escape (focus back on the button) and on a press outside, not on one inside', async () => {
    renderMenu();
    const button = screen.getByRole('button', { name: 'Account menu' });
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menuitem', { name: 'Profile Settings' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.pointer({ keys: '[MouseLeft]', target: screen.getByRole('menuitem', { name: 'Profile Settings' }).parentElement! });
    expect(screen.getByRole('menuitem', { name: 'Profile Settings' })).toBeInTheDocument();
    await userEvent.click(document.body);
    expect(screen.queryByRole('menuitem', { name: 'Profile Settings' })).not.toBeInTheDocument();
  });

  it('asks before signing out, then signs out and goes home', async () => {
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to sign out of your ShambaSoko account?');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(screen.getByText('Landing')).toBeInTheDocument());
    expect(shared.signOut).toHaveBeenCalled();
  });
});
