import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import CreateAccountPage from './create-account-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const signUp = jest.mocked(shared.signUpWithEmail);

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^First name/), 'Achieng');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Odhiambo');
  await userEvent.type(screen.getByLabelText(/^Email/), 'achieng@example.co.ke');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirm);
}

describe('CreateAccountPage', () => {
  beforeEach(() => jest.clearAllMocks());

  it("shows 'Passwords do not match' live under the confirm field", async () => {
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('secret1', 'secret2');
    expect(screen.getByLabelText(/^Confirm password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/legal/terms-of-use');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy-policy');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('tells the new user that farm invitations wait for a confirmed e-mail', () => {
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(
      "We'll e-mail you a link to confirm this address. Farm invitations sent to it become active once you confirm it and sign in again.",
    );
  });

  it('refuses a short password', async () => {
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('abc', 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(signUp).not.toHaveBeenCalled();
  });

  it("creates the account ('Creating Account...') and goes to the dashboard", async () => {
    let finish: () => void = () => undefined;
    signUp.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(signUp).toHaveBeenCalledWith({
      firstName: 'Achieng',
      lastName: 'Odhiambo',
      email: 'achieng@example.co.ke',
      password: 'secret1',
      confirmPassword: 'secret1',
      roles: ['Farmer'],
    });
  });

  it("asks 'I am a…' with Farmer ticked, sends the chosen roles, and refuses none", async () => {
    signUp.mockResolvedValue(undefined);
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    const group = screen.getByRole('group', { name: 'I am a…' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Farmer' })).toBeChecked();
    for (const role of ['Buyer', 'Supplier', 'Retailer']) expect(screen.getByRole('checkbox', { name: role })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Farmer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supplier' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ roles: ['Buyer', 'Supplier'] })));
  });

  it('maps an e-mail already in use', async () => {
    signUp.mockRejectedValue({ code: 'auth/email-already-in-use' });
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists. Sign in instead.');
  });
});
