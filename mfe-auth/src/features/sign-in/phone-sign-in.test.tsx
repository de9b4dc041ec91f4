import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type * as IdentityMock from '../../test/identity-mock';
import { renderPage } from '@shambasoko/shared/testing';
import SignInPage from './sign-in-page';

jest.mock('@shambasoko/shared', () => jest.requireActual<typeof IdentityMock>('../../test/identity-mock').sharedWithIdentityMocks());
const sendCode = jest.mocked(shared.sendPhoneCode);
const confirm = jest.mocked(shared.confirmPhoneCode);
const createAccount = jest.mocked(shared.createPhoneAccount);

async function reachCode() {
  renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in', state: { from: '/farms' } });
  await userEvent.click(screen.getByRole('button', { name: 'Sign in with phone' }));
  await userEvent.type(await screen.findByLabelText(/^Phone number/), '0712 345 678');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText(/^SMS code/);
}

describe('phone sign-in', () => {
  beforeEach(() => jest.clearAllMocks());

  it('refuses a number that is not Kenyan before sending anything', async () => {
    renderPage(<SignInPage />, { url: '/auth/sign-in', path: '/auth/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with phone' }));
    await userEvent.type(await screen.findByLabelText(/^Phone number/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/must be a Kenyan phone number/)).toBeInTheDocument();
    expect(sendCode).not.toHaveBeenCalled();
  });

  it('sends the code to the +254 number, checks 6 digits and signs in', async () => {
    sendCode.mockResolvedValue();
    confirm.mockResolvedValue({ needsName: false, needsAccount: false });
    await reachCode();
    expect(sendCode).toHaveBeenCalledWith('+254712345678', expect.any(HTMLElement));
    expect(screen.getByText('We sent a 6-digit code to +254712345678.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('Enter the 6-digit code we sent by SMS.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^SMS code/));
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms'));
    expect(confirm).toHaveBeenCalledWith('123456');
  });

  it('asks a new phone account its name once, then saves it', async () => {
    sendCode.mockResolvedValue();
    confirm.mockResolvedValue({ needsName: true, needsAccount: false });
    const patch = jest.spyOn(shared.api, 'patch').mockResolvedValue({});
    await reachCode();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await userEvent.type(await screen.findByLabelText(/^Your name/), 'Achieng Otieno');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms'));
    expect(patch).toHaveBeenCalledWith('/v1/profile', { firstName: 'Achieng', lastName: 'Otieno' });
  });

  it('a number without an account is offered Create Account, with the policies, and never signed up behind its back', async () => {
    sendCode.mockResolvedValue();
    confirm.mockResolvedValue({ needsName: true, needsAccount: true });
    createAccount.mockResolvedValue();
    const patch = jest.spyOn(shared.api, 'patch');
    await reachCode();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('No ShambaSoko account uses +254712345678 yet. Tell us your name to create one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/legal/terms-of-use');
    expect(createAccount).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^Your name/), 'Wafula Chebet');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms'));
    expect(createAccount).toHaveBeenCalledWith('Wafula', 'Chebet');
    expect(patch).not.toHaveBeenCalled();
  });
});
