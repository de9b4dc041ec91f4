import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type { AppRole } from '@shambasoko/contracts';
import { renderPage } from '@shambasoko/shared/testing';
import ProfilePage from './profile-page';

jest.mock('@shambasoko/shared', () => {
  const actual = jest.requireActual<typeof shared>('@shambasoko/shared');
  return {
    ...actual,
    updateDisplayName: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    api: { ...actual.api, get: jest.fn(), patch: jest.fn(), delete: jest.fn() },
  };
});
const api = jest.mocked(shared.api);
const profile = {
  id: 'p1',
  email: 'wanjiku@example.co.ke',
  username: 'wanjiku',
  firstName: 'Wanjiku',
  lastName: 'Kamau',
  fullName: 'Wanjiku Kamau',
  msisdn: null,
  avatar: null,
  roles: ['Farmer'] as AppRole[],
};

describe('ProfilePage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('saves the name and phone at the core API and the provider', async () => {
    api.get.mockResolvedValue({ user: profile });
    api.patch.mockResolvedValue({ user: { ...profile, firstName: 'Wanjiru', msisdn: '0712345678' } });
    renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
    const first = await screen.findByLabelText(/^First name/);
    await userEvent.clear(first);
    await userEvent.type(first, 'Wanjiru');
    await userEvent.type(screen.getByLabelText(/^Phone/), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(api.patch).toHaveBeenCalledWith('/v1/profile', {
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      msisdn: '0712345678',
      roles: ['Farmer'],
    });
    expect(shared.updateDisplayName).toHaveBeenCalledWith('Wanjiru', 'Kamau');
  });

  it('changes the roles, keeps Admin out of reach, and the session (the switcher) follows the answer', async () => {
    shared.useSession.setState({ user: { uid: 'u', email: profile.email, displayName: 'W', roles: ['Admin', 'Farmer'] }, role: 'Farmer' });
    api.get.mockResolvedValue({ user: { ...profile, roles: ['Admin', 'Farmer'] } });
    api.patch.mockResolvedValue({ user: { ...profile, roles: ['Admin', 'Supplier', 'Buyer'] } });
    renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
    const group = await screen.findByRole('group', { name: 'My roles' });
    expect(within(group).queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    expect(screen.getByText('You are also an Admin. Another administrator manages that role.')).toBeInTheDocument();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Farmer' }));
    expect(await screen.findByText('Choose at least one role')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Buyer' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Supplier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(api.patch).toHaveBeenCalledWith('/v1/profile', expect.objectContaining({ roles: ['Buyer', 'Supplier'] }));
    expect(shared.useSession.getState().user?.roles).toEqual(['Admin', 'Supplier', 'Buyer']);
    // Farmer is no longer held: the selected role moves to the first held one.
    expect(shared.useSession.getState().role).toBe('Admin');
  });

  it('shows the refusal when the roles cannot be saved', async () => {
    api.get.mockResolvedValue({ user: profile });
    api.patch.mockRejectedValue(new shared.ApiError(400, 'Admin is granted by an administrator; it cannot be chosen in Profile Settings.'));
    renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Retailer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin is granted by an administrator');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    api.get
      .mockRejectedValueOnce(new shared.ApiError(500, 'API request failed: 500 Internal Server Error'))
      .mockResolvedValueOnce({ user: profile });
    renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Wanjiku');
  });

  describe('your data (Data Policy)', () => {
    it('downloads everything held about the person as one JSON file', async () => {
      const exported = { profile: { email: profile.email }, orders: [{ id: 'o1' }] };
      api.get.mockImplementation(async (path: string) => (path === '/v1/me/export' ? exported : { user: profile }));
      const createObjectURL = jest.fn((_blob: Blob) => 'blob:export');
      Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
      const clicks: HTMLAnchorElement[] = [];
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicks.push(this);
      });
      renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
      await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
      await waitFor(() => expect(clicks).toHaveLength(1));
      expect(clicks[0]!.download).toMatch(/^shambasoko-my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const blob = createObjectURL.mock.calls[0]![0];
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
      expect(JSON.parse(text)).toEqual(exported);
      click.mockRestore();
    });

    it('deletes the account only once its e-mail is typed, then signs out and goes home with a confirmation', async () => {
      api.get.mockResolvedValue({ user: profile });
      api.delete.mockResolvedValue(null);
      shared.useSession.setState({ accounts: [{ uid: 'u1', email: profile.email, displayName: 'Wanjiku', photoURL: null, lastUsed: 1 }] });
      renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
      const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
      expect(confirm).toBeDisabled();
      await userEvent.type(within(dialog).getByLabelText(/Type your e-mail address/), 'someone@example.co.ke');
      expect(confirm).toBeDisabled();
      await userEvent.clear(within(dialog).getByLabelText(/Type your e-mail address/));
      await userEvent.type(within(dialog).getByLabelText(/Type your e-mail address/), 'Wanjiku@Example.co.ke');
      await userEvent.click(confirm);
      // The location shows the page it is on from the start: wait for it to become home, not just to exist.
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
      expect(screen.getByTestId('where')).toHaveAttribute(
        'data-state',
        '{"notice":"Your ShambaSoko account and personal data have been deleted."}',
      );
      expect(api.delete).toHaveBeenCalledWith('/v1/me', { body: { confirmEmail: 'Wanjiku@Example.co.ke' } });
      expect(shared.signOut).toHaveBeenCalled();
      expect(shared.useSession.getState().accounts).toEqual([]);
    });

    it('shows the API refusal (a farm to hand over) and stays', async () => {
      api.get.mockResolvedValue({ user: profile });
      api.delete.mockRejectedValue(new shared.ApiError(409, 'You are the Owner of “Green Acres”, which other people still use.'));
      renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
      const dialog = screen.getByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(/Type your e-mail address/), profile.email);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByText(/Owner of “Green Acres”/)).toBeInTheDocument();
      expect(shared.signOut).not.toHaveBeenCalled();
    });

    it('shows the refusal of a shop with paid orders still to deliver, naming them, and stays', async () => {
      const refusal =
        'Your shop “Chebet Farm Fresh” has 2 paid orders still to deliver (SS-000104, SS-000107). Deliver or cancel them in Sales first, then delete your account.';
      api.get.mockResolvedValue({ user: profile });
      api.delete.mockRejectedValue(new shared.ApiError(409, refusal));
      renderPage(<ProfilePage />, { url: '/profile', path: '/profile' });
      await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
      const dialog = screen.getByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText(/Type your e-mail address/), profile.email);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
      expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Delete my account' })).toBeEnabled();
      expect(shared.signOut).not.toHaveBeenCalled();
    });
  });
});
