import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import { mockApi, renderPage, signOut } from '@shambasoko/shared/testing';
import { maize } from '../testing/fixtures';
import { PreorderNote } from './preorder-note';
import { ProductCard } from './product-card';

beforeEach(signOut);
afterEach(async () => {
  await act(() => setLocale('en'));
});

describe('a pre-order on a product card', () => {
  it('reads "Pre-order · harvest expected …" with its date, and a stock card does not', async () => {
    mockApi({});
    renderPage(
      <>
        <ProductCard
          product={{ ...maize, id: 'p-pre', name: 'Maize, expected harvest', harvestExpected: '2027-02-28' }}
          onAddToCart={jest.fn()}
        />
        <ProductCard product={maize} onAddToCart={jest.fn()} />
      </>,
    );
    const [pre, stock] = screen.getAllByRole('article');
    expect(pre).toHaveTextContent('Pre-order · harvest expected 28 Feb 2027 · delivery after harvest');
    expect(stock).not.toHaveTextContent(/Pre-order/);
  });

  it('is in Kiswahili, its date in the reader’s language', async () => {
    await act(() => setLocale('sw'));
    render(<PreorderNote harvestExpected="2027-02-28" />);
    const note = await screen.findByTestId('preorder-note');
    expect(note).toHaveTextContent(/^Agizo la mapema · mavuno yanatarajiwa .*2027 · kuwasilishwa baada ya mavuno$/);
    expect(note).toHaveTextContent(/28/);
  });
});
