import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as shared from '@shambasoko/shared';
import { renderPage } from '../../test/render';
import ProfilePage from './profile-page';

jest.mock('@shambasoko/shared', () => {
  const actual = jest.requireActual<typeof shared>('@shambasoko/shared');
  return { ...actual, updateDisplayName: jest.fn(async () => undefined), api: { ...actual.api, get: jest.fn(), patch: jest.fn() } };
});
const api = jest.mocked(shared.api);
const profile = { id: 'p1', email: 'wanjiku@example.co.ke', username: 'wanjiku', firstName: 'Wanjiku', lastName: 'Kamau', fullName: 'Wanjiku Kamau', msisdn: null, avatar: null };

describe('ProfilePage', () => {
  beforeEach(() => jest.clearAllMocks());

  it('saves the name and phone at the core API and the provider', async () => {
    api.get.mockResolvedValue({ user: profile });
    api.patch.mockResolvedValue({ user: { ...profile, firstName: 'Wanjiru', msisdn: '0712345678' } });
    renderPage(<ProfilePage />, { path: '/profile' });
    const first = await screen.findByLabelText(/^First name/);
    await userEvent.clear(first);
    await userEvent.type(first, 'Wanjiru');
    await userEvent.type(screen.getByLabelText(/^Phone/), '0712345678');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(api.patch).toHaveBeenCalledWith('/v1/profile', { firstName: 'Wanjiru', lastName: 'Kamau', msisdn: '0712345678' });
    expect(shared.updateDisplayName).toHaveBeenCalledWith('Wanjiru', 'Kamau');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    api.get.mockRejectedValueOnce(new shared.ApiError(500, 'API request failed: 500 Internal Server Error')).mockResolvedValueOnce({ user: profile });
    renderPage(<ProfilePage />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Wanjiku');
  });
});
