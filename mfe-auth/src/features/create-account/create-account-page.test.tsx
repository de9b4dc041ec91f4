import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import CreateAccountPage from './create-account-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const signUp = jest.mocked(shared.signUpWithEmail);
const googleSignUp = jest.mocked(shared.signUpWithGoogle);
const createGoogle = jest.mocked(shared.createGoogleAccount);
const sendCode = jest.mocked(shared.sendPhoneCode);
const confirmCode = jest.mocked(shared.confirmPhoneCode);
const createPhone = jest.mocked(shared.createPhoneAccount);

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText(/^First name/), 'Achieng');
  await userEvent.type(screen.getByLabelText(/^Last name/), 'Odhiambo');
  await userEvent.type(screen.getByLabelText(/^Email/), 'achieng@example.co.ke');
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.type(screen.getByLabelText(/^Confirm password/), confirm);
}

describe('CreateAccountPage', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    shared.useSession.getState().clearSession();
  });

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
    await userEvent.click(screen.getByRole('checkbox', { name: 'Farmer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 6 characters');
    expect(signUp).not.toHaveBeenCalled();
  });

  it("creates the account ('Creating Account...') and goes to the dashboard", async () => {
    let finish: () => void = () => undefined;
    signUp.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Farmer' }));
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

  it("asks 'I am a…' with nothing ticked and a line per role, sends the chosen roles, and refuses none", async () => {
    signUp.mockResolvedValue(undefined);
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    const group = screen.getByRole('group', { name: 'I am a…' });
    expect(group).toBeInTheDocument();
    for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer']) expect(screen.getByRole('checkbox', { name: role })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Supplier' })).toHaveAccessibleDescription(
      'Sell seeds, fertiliser, tools and services to farmers.',
    );
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supplier' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ roles: ['Buyer', 'Supplier'] })));
  });

  it('Google: a new identity chooses its roles after Google answers and before the account is made', async () => {
    googleSignUp.mockResolvedValue({ needsAccount: true });
    createGoogle.mockResolvedValue();
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const step = await screen.findByRole('form', { name: 'Who are you on ShambaSoko?' });
    expect(createGoogle).not.toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/create-account');
    for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer'])
      expect(within(step).getByRole('checkbox', { name: role })).not.toBeChecked();
    await userEvent.click(within(step).getByRole('button', { name: 'Create Account' }));
    expect(await within(step).findByText('Choose at least one role')).toBeInTheDocument();
    expect(createGoogle).not.toHaveBeenCalled();
    await userEvent.click(within(step).getByRole('checkbox', { name: 'Retailer' }));
    await userEvent.click(within(step).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(createGoogle).toHaveBeenCalledWith(['Retailer']);
  });

  it('Google: an identity that already has an account signs in without the role step', async () => {
    googleSignUp.mockResolvedValue({ needsAccount: false });
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(createGoogle).not.toHaveBeenCalled();
  });

  it('offers phone beside e-mail: the SMS code, the name, then the roles make the account', async () => {
    sendCode.mockResolvedValue();
    confirmCode.mockResolvedValue({ needsName: true, needsAccount: true });
    createPhone.mockResolvedValue();
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign up with phone' }));
    const phoneForm = await screen.findByRole('form', { name: 'Sign up with phone' });
    await userEvent.type(within(phoneForm).getByLabelText(/^Phone number/), '0712 345 678');
    await userEvent.click(within(phoneForm).getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to +254712345678.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Tell us your name to create the account for +254712345678.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Your name/), 'Wafula Chebet');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const step = await screen.findByRole('form', { name: 'Who are you on ShambaSoko?' });
    await userEvent.click(within(step).getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(within(step).getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(createPhone).toHaveBeenCalledWith('Wafula', 'Chebet', ['Buyer']);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('maps an e-mail already in use', async () => {
    signUp.mockRejectedValue({ code: 'auth/email-already-in-use' });
    renderPage(<CreateAccountPage />, { url: '/auth/create-account', path: '/auth/create-account' });
    await fill('secret1', 'secret1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists. Sign in instead.');
  });
});
