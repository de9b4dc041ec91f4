import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import GetStartedPage from './get-started-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const exists = jest.mocked(shared.emailExists);
const signUp = jest.mocked(shared.signUpWithEmail);

describe('GetStartedPage', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());
  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });

  it("asks 500 ms after a valid e-mail and shows 'Welcome Back!' for an existing account", async () => {
    exists.mockResolvedValue(true);
    renderPage(<GetStartedPage />, { url: '/auth/get-started', path: '/auth/get-started' });
    expect(screen.getByRole('heading', { name: 'Get Started' })).toBeInTheDocument();
    await user().type(screen.getByLabelText(/^Email/), 'wanjiku@example.co.ke');
    await act(() => jest.advanceTimersByTimeAsync(499));
    expect(exists).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(exists).toHaveBeenCalledWith('wanjiku@example.co.ke');
    expect(await screen.findByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^First name/)).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit).toBeDisabled();
    await user().type(screen.getByLabelText(/^Password/), 'secret1');
    expect(submit).toBeEnabled();
  });

  it('collects the sign-up fields and the roles ("I am a…", none ticked) for a new e-mail and enables Create Account only when all hold', async () => {
    exists.mockResolvedValue(false);
    signUp.mockResolvedValue();
    renderPage(<GetStartedPage />, { url: '/auth/get-started', path: '/auth/get-started' });
    const u = user();
    await u.type(screen.getByLabelText(/^Email/), 'new@example.co.ke');
    await act(() => jest.advanceTimersByTimeAsync(500));
    await u.type(await screen.findByLabelText(/^First name/), 'Achieng');
    await u.type(screen.getByLabelText(/^Last name/), 'Odhiambo');
    await u.type(screen.getByLabelText(/^Phone/), '0712');
    await u.type(screen.getByLabelText(/^Password/), 'secret1');
    await u.type(screen.getByLabelText(/^Confirm password/), 'secret2');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    await u.type(screen.getByLabelText(/^Phone/), ' 345 678');
    await u.clear(screen.getByLabelText(/^Confirm password/));
    await u.type(screen.getByLabelText(/^Confirm password/), 'secret1');
    // Every field holds but no role is chosen yet: a new account never becomes a Farmer by default.
    for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer']) expect(screen.getByRole('checkbox', { name: role })).not.toBeChecked();
    expect(submit).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'Retailer' }));
    expect(submit).toBeEnabled();
    await u.click(submit);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/dashboard'));
    expect(signUp).toHaveBeenCalledWith(expect.objectContaining({ phone: '0712 345 678', firstName: 'Achieng', roles: ['Retailer'] }));
  });
});
