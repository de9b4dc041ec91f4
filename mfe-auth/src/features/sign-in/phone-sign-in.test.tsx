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
  beforeEach(() => {
    jest.clearAllMocks();
    shared.useSession.getState().clearSession();
  });

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

  it('a number without an account is asked its name, then "I am a…" (nothing ticked), and never signed up behind its back', async () => {
    sendCode.mockResolvedValue();
    confirm.mockResolvedValue({ needsName: true, needsAccount: true });
    createAccount.mockResolvedValue();
    const patch = jest.spyOn(shared.api, 'patch');
    await reachCode();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByText('No ShambaSoko account uses +254712345678 yet. Tell us your name to create one.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Your name/), 'Wafula Chebet');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const chooser = await screen.findByRole('group', { name: 'I am a…' });
    expect(chooser).toBeInTheDocument();
    for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer']) expect(screen.getByRole('checkbox', { name: role })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Buyer' })).toHaveAccessibleDescription(
      'Buy produce and farm inputs from sellers across Kenya.',
    );
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/legal/terms-of-use');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(createAccount).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/farms'));
    expect(createAccount).toHaveBeenCalledWith('Wafula', 'Chebet', ['Buyer']);
    expect(patch).not.toHaveBeenCalled();
  });

  it('an existing account that holds no role is sent to choose its roles, carrying where it was going', async () => {
    sendCode.mockResolvedValue();
    confirm.mockImplementation(async () => {
      shared.useSession.setState({ user: { uid: 'u', displayName: 'Neema', email: 'n@x.ke', roles: [] }, accessToken: 'A' });
      return { needsName: false, needsAccount: false };
    });
    await reachCode();
    await userEvent.type(screen.getByLabelText(/^SMS code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify code' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/auth/choose-roles'));
  });
});
