import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { currentLocale, LOCALE_STORAGE_KEY, setLocale, useSession } from '@shambasoko/shared';
import { DEFAULT_PREFERENCES } from '@shambasoko/contracts';
import { mockApi, signInAs, signOut } from '@shambasoko/shared/testing';
import { queryClient } from '../lib/query-client';
import { TopBarActions } from './top-bar-actions';
import { applyProfileLanguage } from './profile-language';

// The top bar's offline corner needs the remotes manifest (RemotesProvider); it has its own tests.
jest.mock('./offline-status', () => ({ OfflineStatus: () => null }));

function renderTopBar() {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Suspense fallback="loading">
          <TopBarActions />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const preferencesApi = (language: 'en' | 'sw' = 'en') => {
  let saved = { ...DEFAULT_PREFERENCES, language };
  return mockApi({
    'GET /v1/me/preferences': () => ({ body: saved }),
    'PUT /v1/me/preferences': (call) => {
      saved = call.body as typeof saved;
      return { body: saved };
    },
    'GET /v1/cart': () => ({ status: 404 }),
  });
};

afterEach(async () => {
  await act(() => setLocale('en'));
  localStorage.removeItem(LOCALE_STORAGE_KEY);
  queryClient.clear();
  signOut();
});

describe('LanguageSwitcher', () => {
  it('switches the frame to Kiswahili and remembers it on the device, without saving for a signed-out visitor', async () => {
    const api = preferencesApi();
    renderTopBar();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(screen.getByRole('option', { name: 'Kiswahili' })).toBeInTheDocument();
    await userEvent.selectOptions(select, 'sw');
    expect(await screen.findByRole('combobox', { name: 'Lugha' })).toHaveValue('sw');
    expect(screen.getByRole('link', { name: 'Kikapu, bidhaa 0' })).toBeInTheDocument();
    expect(currentLocale()).toBe('sw');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
    expect(api.writes()).toEqual([]);
  });

  it("saves the choice in a signed-in person's profile, keeping the rest of their preferences", async () => {
    signInAs();
    const api = preferencesApi();
    queryClient.setQueryData(['me', 'preferences'], { ...DEFAULT_PREFERENCES, areaUnit: 'hectares' });
    renderTopBar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'sw');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/v1/me/preferences',
      body: { ...DEFAULT_PREFERENCES, areaUnit: 'hectares', language: 'sw' },
    });
    expect(await screen.findByRole('combobox', { name: 'Lugha' })).toBeInTheDocument();
  });

  it("applies the profile's language on a device with no remembered choice, and not over one made here", async () => {
    signInAs();
    preferencesApi('sw');
    await act(() => applyProfileLanguage());
    expect(currentLocale()).toBe('sw');

    await act(() => setLocale('en'));
    queryClient.clear();
    await act(() => applyProfileLanguage());
    expect(currentLocale()).toBe('en');
    expect(useSession.getState().user).not.toBeNull();
  });
});
