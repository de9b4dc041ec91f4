import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import ForgotPasswordPage from './forgot-password-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const send = jest.mocked(shared.sendPasswordReset);

describe('ForgotPasswordPage', () => {
  it('sends the reset e-mail and says so', async () => {
    send.mockResolvedValue();
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password', state: { email: 'wanjiku@example.co.ke' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(send).toHaveBeenCalledWith('wanjiku@example.co.ke');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for wanjiku@example.co.ke, we have sent a link to reset your password.',
    );
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth/sign-in');
  });

  it('shows a network failure in the red box', async () => {
    send.mockRejectedValue({ code: 'auth/network-request-failed' });
    renderPage(<ForgotPasswordPage />, { url: '/forgot-password', path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'a@b.ke');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your connection');
  });
});
