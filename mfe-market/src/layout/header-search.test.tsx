import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchSuggestions } from '@shambasoko/contracts';
import { setLocale } from '@shambasoko/shared';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import { HeaderSearch } from './header-search';

const suggestions: SearchSuggestions = {
  kinds: [{ search: 'mahindi', words: ['mahindi', 'maize', 'corn'] }],
  products: [{ id: 'p-maize', name: 'Dry Maize Grain, 90 kg Bag', titleSw: 'Mahindi makavu' }],
  sellers: [{ id: 's1', name: 'Mahiga Farm' }],
  counties: [],
};

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('HeaderSearch suggestions (issue 43)', () => {
  it('suggests as you type from two characters; arrows and Enter pick a kind and search for it', async () => {
    const { calls } = mockApi({ 'GET /v1/search/suggest': () => ({ body: suggestions }) });
    renderPage(<HeaderSearch id="s" />, { url: '/cart' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await userEvent.type(box, 'm');
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(calls.filter((c) => c.path === '/v1/search/suggest')).toHaveLength(0);

    await userEvent.type(box, 'ah');
    const kind = await screen.findByRole('option', { name: /mahindi · maize · corn/ });
    expect(calls.find((c) => c.path === '/v1/search/suggest')?.search.get('q')).toBe('mah');
    expect(screen.getByRole('option', { name: /Dry Maize Grain/ })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');

    await userEvent.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', kind.id);
    expect(kind).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/market?q=mahindi');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens a suggested listing; Escape closes the list; Kiswahili names it by its title', async () => {
    mockApi({ 'GET /v1/search/suggest': () => ({ body: suggestions }) });
    await act(() => setLocale('sw'));
    renderPage(<HeaderSearch id="s" />, { url: '/cart' });
    const box = screen.getByRole('combobox');
    await userEvent.type(box, 'mah');
    expect(await screen.findByRole('listbox', { name: 'Mapendekezo' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    await userEvent.type(box, 'i');
    await userEvent.click(await screen.findByRole('option', { name: /Mahindi makavu/ }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/market/item?itemId=p-maize'));
  });
});
