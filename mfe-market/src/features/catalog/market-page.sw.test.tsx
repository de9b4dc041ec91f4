import { act, screen } from '@testing-library/react';
import type { ProductSearchResult } from '@shambasoko/contracts';
import { setLocale } from '@shambasoko/shared';
import { mockApi, renderPage, signOut } from '@shambasoko/shared/testing';
import en from '../../locales/en.json';
import { maize } from '../../testing/fixtures';
import MarketPage from './market-page';

const facets = { all: 64, crops: 20, equipment: 15, supplies: 18, services: 11 };
const results = (total: number): ProductSearchResult => ({ items: [maize], total, page: 1, pageSize: 12, facets });

beforeAll(() => {
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
beforeEach(signOut);
afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('MarketPage in Kiswahili', () => {
  it('shows the market, its filters and its cards in Kiswahili, with no English message left', async () => {
    mockApi({
      'GET /v1/products': () => ({ body: results(1234) }),
      'GET /v1/products/featured': () => ({ body: [] }),
      'GET /v1/counties': () => ({ body: ['Nakuru'] }),
    });
    await act(() => setLocale('sw'));
    renderPage(<MarketPage />, { url: '/market?q=mahindi&minPrice=100' });

    // The count is an ICU plural, its figure grouped for sw-KE.
    expect(await screen.findByText('Bidhaa 1,234 zimepatikana')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Soko' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Mazao/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Weka Kikapuni/ })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Vichujio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Bei ya chini (Ksh)')).toHaveValue(100);
    expect(screen.getByRole('option', { name: 'Bei: chini hadi juu' })).toBeInTheDocument();

    // What a person reads or hears: the text, and the names and hints of the controls.
    const heard = [...document.body.querySelectorAll('[aria-label],[placeholder],[title]')].flatMap((el) =>
      ['aria-label', 'placeholder', 'title'].map((name) => el.getAttribute(name) ?? ''),
    );
    const shown = `${document.body.textContent ?? ''}\n${heard.join('\n')}`;
    const leftInEnglish = Object.values(en as Record<string, string>).filter(
      (message) => !message.includes('{') && message.length > 3 && !['M-Pesa', 'WhatsApp'].includes(message) && shown.includes(message),
    );
    expect(leftInEnglish).toEqual([]);
  });
});

describe('MarketPage cards in Kiswahili', () => {
  it('name a listing by its Kiswahili title where the seller gave one, and by its name elsewhere', async () => {
    const titled = { ...maize, id: 'p-titled', titleSw: 'Mbegu za mahindi H614D' };
    mockApi({
      'GET /v1/products': () => ({ body: { ...results(2), items: [titled, { ...maize, id: 'p-plain', name: 'Dry Maize Grain' }] } }),
      'GET /v1/products/featured': () => ({ body: [] }),
      'GET /v1/counties': () => ({ body: ['Nakuru'] }),
    });
    await act(() => setLocale('sw'));
    renderPage(<MarketPage />, { url: '/market?q=mbegu' });
    expect(await screen.findByRole('article', { name: 'Mbegu za mahindi H614D' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Dry Maize Grain' })).toBeInTheDocument();
    expect(screen.queryByText('Certified Maize Seed H614D')).toBeNull();
  });
});
