import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import ChooseAccountDialog from './account-chooser';

jest.mock('@shambasoko/shared', () => ({
  ...jest.requireActual<typeof shared>('@shambasoko/shared'),
  switchAccount: jest.fn(async () => undefined),
}));
const { useSession } = shared;

const wanjiku = {
  uid: 'w',
  email: 'wanjiku@example.co.ke',
  displayName: 'Wanjiku Kamau',
  photoURL: null,
  lastUsed: Date.UTC(2026, 10, 20),
};
const otieno = { uid: 'o', email: 'otieno@example.co.ke', displayName: 'Otieno Juma', photoURL: null, lastUsed: Date.UTC(2026, 9, 3) };

describe('ChooseAccountDialog', () => {
  beforeEach(() => {
    useSession.setState({ user: { uid: 'w', email: wanjiku.email, displayName: wanjiku.displayName }, accounts: [wanjiku, otieno] });
  });

  it('shows the current account, the others with their last-used date, and the actions', async () => {
    renderPage(<ChooseAccountDialog open onClose={() => undefined} />);
    // The dialog's code loads as it first opens (shared/src/ui/dialog.tsx).
    expect(await screen.findByRole('dialog', { name: 'Choose Account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Current account' })).toHaveTextContent('wanjiku@example.co.ke');
    expect(screen.getByRole('button', { name: /Switch to Otieno Juma/ })).toHaveTextContent('Last used 3 Oct 2026');
    expect(screen.getByRole('button', { name: 'Add New Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue as Wanjiku' })).toBeInTheDocument();
  });

  it('switches to another account and opens sign-in with its e-mail', async () => {
    const onClose = jest.fn();
    renderPage(<ChooseAccountDialog open onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: /Switch to Otieno Juma/ }));
    expect(shared.switchAccount).toHaveBeenCalledWith(otieno);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/sign-in'));
    expect(screen.getByTestId('where')).toHaveAttribute('data-state', '{"email":"otieno@example.co.ke"}');
    expect(onClose).toHaveBeenCalled();
  });

  it('continues to the dashboard as the current user', async () => {
    renderPage(<ChooseAccountDialog open onClose={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue as Wanjiku' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');
  });
});
