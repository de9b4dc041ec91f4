import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PREFERENCES_KEY } from '@shambasoko/shared/preferences';
import { DEFAULT_PREFERENCES, type Preferences } from '@shambasoko/contracts';
import { currentLocale, setLocale } from '@shambasoko/shared';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import PreferencesPage from './preferences-page';

describe('PreferencesPage', () => {
  beforeEach(() => signInAs());
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('shows the saved choices (acres by default) and saves the whole set, shared under the one key', async () => {
    const api = mockApi({
      'GET /v1/me/preferences': () => ({ body: DEFAULT_PREFERENCES }),
      'PUT /v1/me/preferences': (call) => ({ body: call.body as Preferences, message: 'Your preferences have been saved.' }),
    });
    const { client } = renderPage(<PreferencesPage />, { url: '/preferences', path: '/preferences' });
    const unit = await screen.findByRole('group', { name: 'Area unit' });
    expect(within(unit).getByRole('radio', { name: 'Acres' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Task assignments' })).toBeChecked();

    await userEvent.click(within(unit).getByRole('radio', { name: 'Hectares' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Kiswahili' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Task assignments' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));

    // Saving Kiswahili switches the page at once, not only the profile.
    expect(await screen.findByRole('status')).toHaveTextContent('Mapendeleo yako yamehifadhiwa.');
    expect(screen.getByRole('button', { name: 'Hifadhi Mapendeleo' })).toBeInTheDocument();
    expect(currentLocale()).toBe('sw');
    const saved = {
      language: 'sw',
      areaUnit: 'hectares',
      notifications: { ...DEFAULT_PREFERENCES.notifications, taskAssignments: false },
      channels: DEFAULT_PREFERENCES.channels,
    };
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: '/v1/me/preferences', body: saved });
    // Farm screens read this key: they switch unit without another request.
    expect(client.getQueryData(PREFERENCES_KEY)).toEqual(saved);
  });

  it('turns SMS off for everything, and quiet hours on, and a kind off for SMS and e-mail too', async () => {
    const api = mockApi({
      'GET /v1/me/preferences': () => ({ body: DEFAULT_PREFERENCES }),
      'PUT /v1/me/preferences': (call) => ({ body: call.body as Preferences, message: 'Your preferences have been saved.' }),
    });
    renderPage(<PreferencesPage />, { url: '/preferences', path: '/preferences' });
    const channels = await screen.findByRole('group', { name: 'SMS, e-mail and push' });
    expect(within(channels).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    expect(within(channels).getByRole('checkbox', { name: 'Quiet hours (no SMS 21:00–07:00)' })).not.toBeChecked();
    await userEvent.click(within(channels).getByRole('checkbox', { name: 'SMS' }));
    await userEvent.click(within(channels).getByRole('checkbox', { name: 'Quiet hours (no SMS 21:00–07:00)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Announcements' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    await screen.findByRole('status');
    expect(api.writes()[0]!.body).toEqual({
      ...DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_PREFERENCES.notifications, announcements: false },
      channels: { sms: false, email: true, quietHours: true, push: true },
    });
  });

  it('shows the server’s message when saving fails', async () => {
    mockApi({
      'GET /v1/me/preferences': () => ({ body: DEFAULT_PREFERENCES }),
      'PUT /v1/me/preferences': () => ({ status: 400, message: 'areaUnit: must be acres or hectares' }),
    });
    renderPage(<PreferencesPage />, { url: '/preferences', path: '/preferences' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('areaUnit: must be acres or hectares');
  });
});
