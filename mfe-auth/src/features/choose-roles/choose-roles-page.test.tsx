import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import ChooseRolesPage from './choose-roles-page';

const profile = (roles: string[]) => ({
  user: {
    id: 'u1',
    email: 'neema@example.co.ke',
    username: 'neema',
    firstName: 'Neema',
    lastName: 'Ali',
    fullName: 'Neema Ali',
    msisdn: null,
    avatar: null,
    roles,
  },
});

describe('ChooseRolesPage', () => {
  beforeEach(() => {
    jest.restoreAllMocks();
    shared.useSession.getState().clearSession();
  });

  it('an account without roles chooses them (none ticked, never Admin), saves them and goes on to where it was going', async () => {
    shared.useSession.setState({
      user: { uid: 'u1', displayName: 'Neema Ali', email: 'neema@example.co.ke', roles: [] },
      accessToken: 'A',
    });
    const patch = jest.spyOn(shared.api, 'patch').mockResolvedValue(profile(['Supplier', 'Buyer']));
    renderPage(<ChooseRolesPage />, { url: '/auth/choose-roles?returnTo=%2Fmarket', path: '/auth/choose-roles' });
    expect(screen.getByRole('heading', { level: 1, name: 'I am a…' })).toBeInTheDocument();
    for (const role of ['Farmer', 'Buyer', 'Supplier', 'Retailer']) expect(screen.getByRole('checkbox', { name: role })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Supplier' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/market'));
    expect(patch).toHaveBeenCalledWith('/v1/profile', { roles: ['Buyer', 'Supplier'] });
    expect(shared.useSession.getState().user?.roles).toEqual(['Supplier', 'Buyer']);
  });

  it('sends a signed-out visitor to sign in', () => {
    renderPage(<ChooseRolesPage />, { url: '/auth/choose-roles', path: '/auth/choose-roles' });
    expect(screen.getByTestId('where')).toHaveTextContent('/auth/sign-in');
  });
});
