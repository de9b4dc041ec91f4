import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FavouriteButton } from './favourite-button';
import { mockApi, renderPage, signInAs, signOut } from '@shambasoko/shared/testing';

describe('FavouriteButton', () => {
  beforeEach(signOut);

  it('asks a guest to sign in, returning to the same page', async () => {
    mockApi({});
    renderPage(<FavouriteButton productId="p1" productName="Dairy Meal 70 kg" />, { url: '/market?q=dairy' });
    await userEvent.click(screen.getByRole('button', { name: 'Save Dairy Meal 70 kg to favourites' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to save favourites' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/sign-in?returnTo=%2Fmarket%3Fq%3Ddairy');
  });

  it('saves and removes a favourite for the signed-in user', async () => {
    signInAs();
    let saved: string[] = [];
    const { calls } = mockApi({
      'GET /v1/favourites': () => ({ body: { productIds: saved } }),
      'PUT /v1/favourites/p1': () => {
        saved = ['p1'];
        return { body: { productIds: saved } };
      },
      'DELETE /v1/favourites/p1': () => {
        saved = [];
        return { body: { productIds: saved } };
      },
    });
    renderPage(<FavouriteButton productId="p1" productName="Dairy Meal 70 kg" />);
    const heart = await screen.findByRole('button', { name: /favourites/ });
    await waitFor(() => expect(calls.some((c) => c.path === '/v1/favourites')).toBe(true));
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/v1/favourites/p1')).toBe(true);
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
