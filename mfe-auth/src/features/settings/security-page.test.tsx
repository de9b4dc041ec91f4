import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import type { SignedInDevice } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import SecurityPage from './security-page';

jest.mock('@shambasoko/shared', () => {
  const actual = jest.requireActual<typeof shared>('@shambasoko/shared');
  return { ...actual, hasPasswordSignIn: jest.fn(async () => true), changePassword: jest.fn(async () => undefined) };
});
const identity = jest.mocked(shared);

const device = (id: string, name: string, current = false): SignedInDevice => ({
  id,
  device: name,
  provider: 'password',
  signedInAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-24T08:00:00.000Z',
  current,
});

describe('SecurityPage', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    signInAs();
  });

  it('lists this device first without a sign-out, and signs out another device after confirming', async () => {
    let items = [device('s1', 'Linux · Desktop', true), device('s2', 'Android 14 · SM-A146B')];
    const api = mockApi({
      'GET /v1/me/sessions': () => ({ body: { items } }),
      'DELETE /v1/me/sessions/s2': () => {
        items = items.filter((s) => s.id !== 's2');
        return { body: null, message: 'That device has been signed out.' };
      },
    });
    renderPage(<SecurityPage />, { url: '/security', path: '/security' });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('This device');
    expect(within(mine!).queryByRole('button')).toBeNull();
    await userEvent.click(within(phone!).getByRole('button', { name: /Sign out this device/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/me/sessions/s2' })]);
  });

  it('changes the password with the current one, and says so plainly when the current one is wrong', async () => {
    mockApi({ 'GET /v1/me/sessions': () => ({ body: { items: [device('s1', 'Linux · Desktop', true)] } }) });
    identity.changePassword.mockRejectedValueOnce(new shared.IdentityError('Your current password is incorrect.', 'provider'));
    renderPage(<SecurityPage />, { url: '/security', path: '/security' });
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'wrong-one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'shorter');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(identity.changePassword).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'new-secret-1');
    await userEvent.clear(screen.getByLabelText(/^Confirm new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'new-secret-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
    expect(identity.changePassword).toHaveBeenCalledWith('wrong-one', 'new-secret-1');

    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
  });

  it('names a device the API could not tell in Kiswahili for a Kiswahili reader', async () => {
    await act(() => shared.setLocale('sw'));
    try {
      mockApi({
        'GET /v1/me/sessions': () => ({ body: { items: [device('s1', 'Linux · Desktop', true), device('s2', 'Unknown device')] } }),
      });
      renderPage(<SecurityPage />, { url: '/security', path: '/security' });
      const list = await screen.findByRole('list', { name: 'Vifaa vilivyoingia' });
      expect(list).toHaveTextContent('Kifaa kisichojulikana');
      expect(list).toHaveTextContent('Linux · Desktop');
      expect(list).not.toHaveTextContent('Unknown device');
    } finally {
      await act(() => shared.setLocale('en'));
    }
  });

  it('hides Change password for an account without one (phone or Google only)', async () => {
    identity.hasPasswordSignIn.mockResolvedValueOnce(false);
    mockApi({ 'GET /v1/me/sessions': () => ({ body: { items: [device('s1', 'Linux · Desktop', true)] } }) });
    renderPage(<SecurityPage />, { url: '/security', path: '/security' });
    await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
  });
});
