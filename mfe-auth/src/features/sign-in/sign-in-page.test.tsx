import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import SignInPage from './sign-in-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const signIn = jest.mocked(shared.signInWithEmail);
const google = jest.mocked(shared.signInWithGoogle);

describe('SignInPage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('prefills the e-mail from navigation state and links to reset and sign-up', () => {
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in', state: { email: 'wanjiku@example.co.ke' } });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('wanjiku@example.co.ke');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create Account' })).toHaveAttribute('href', '/auth/create-account');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("reads 'Signing In...' while busy, then returns to where the visitor was going", async () => {
    let finish: () => void = () => undefined;
    signIn.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in', state: { from: '/farms/7' } });
    await userEvent.type(screen.getByLabelText(/^Email/), 'a@b.ke');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms/7'));
    expect(signIn).toHaveBeenCalledWith('a@b.ke', 'secret1');
  });

  it("checks the form with the contract's words before anything is sent, and again as the fields change", async () => {
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveFocus();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/e-?mail/i);
    expect(signIn).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await waitFor(() => expect(screen.queryByText('Enter your password')).not.toBeInTheDocument());
    await userEvent.type(screen.getByLabelText(/^Email/), 'a@b.ke');
    await waitFor(() => expect(screen.getByLabelText(/^Email/)).not.toHaveAccessibleDescription(/e-?mail/i));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledWith('a@b.ke', 'secret1'));
  });

  it('shows a wrong password in the red box and clears it when the input changes', async () => {
    signIn.mockRejectedValue(Object.assign(new Error('Firebase: Error (auth/wrong-password).'), { code: 'auth/wrong-password' }));
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'a@b.ke');
    await userEvent.type(screen.getByLabelText(/^Password/), 'nope12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect e-mail or password.');
    await userEvent.type(screen.getByLabelText(/^Password/), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an e-mail or Google sign-in without an account says so and offers Create Account', async () => {
    const noAccount = new shared.IdentityError('No ShambaSoko account uses this sign-in yet. Create an account first.', 'core', 404);
    signIn.mockRejectedValueOnce(noAccount);
    renderPage(<SignInPage />, { url: '/auth/sign-in?returnTo=%2Ffarms', path: '/auth/sign-in' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'new@b.ke');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No ShambaSoko account uses this sign-in yet. Create an account first.');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/create-account?returnTo=%2Ffarms');
    // Not a session to retry.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    // Another failure is not about a missing account.
    google.mockRejectedValueOnce(new Error('?'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in with Google');
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    google.mockRejectedValueOnce(noAccount);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeInTheDocument();
  });

  it('falls back to the dashboard after Google sign-in, and shows the Google fallback message on failure', async () => {
    google.mockRejectedValueOnce(new Error('?'));
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to sign in with Google');
    google.mockResolvedValueOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
  });
});

describe('SignInPage in Kiswahili', () => {
  afterEach(async () => {
    await act(() => shared.setLocale('en'));
  });

  it('speaks Kiswahili, links included, and shows contract messages in Kiswahili', async () => {
    await act(() => shared.setLocale('sw'));
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    expect(screen.getByRole('heading', { name: 'Ingia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Endelea na Google' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Barua pepe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fungua Akaunti' })).toHaveAttribute('href', '/auth/create-account');
    expect(screen.getByRole('link', { name: 'Umesahau nenosiri?' })).toHaveAttribute('href', '/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia kwa simu' }));
    const phone = await screen.findByRole('form', { name: 'Ingia kwa simu' });
    await userEvent.click(within(phone).getByRole('button', { name: 'Tuma nambari' }));
    expect(await within(phone).findByRole('alert')).toHaveTextContent('Nambari ya simu inahitajika.');
  });

  it('says in Kiswahili that the sign-in has no account, with the way to create one', async () => {
    await act(() => shared.setLocale('sw'));
    signIn.mockRejectedValueOnce(
      new shared.IdentityError('No ShambaSoko account uses this sign-in yet. Create an account first.', 'core', 404),
    );
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    await userEvent.type(screen.getByLabelText(/^Barua pepe/), 'new@b.ke');
    await userEvent.type(screen.getByLabelText(/^Nenosiri/), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bado hakuna akaunti ya ShambaSoko inayotumia njia hii ya kuingia. Fungua akaunti kwanza.',
    );
    expect(screen.getByRole('link', { name: 'Fungua akaunti' })).toHaveAttribute('href', '/auth/create-account');
  });
});
