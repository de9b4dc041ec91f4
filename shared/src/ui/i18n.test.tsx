import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { setLocale } from '@shambasoko/shared';
import { catalogProblems } from '../testing/catalogs';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { ConfirmDialog } from './dialog';
import { ErrorState } from './error-state';
import { FormError } from './form-error';
import { TextField } from './field';

afterEach(async () => {
  await act(() => setLocale('en'));
});

describe("the design system's words", () => {
  it('has every key in both languages, with the same placeholders', () => {
    expect(catalogProblems(en, sw)).toEqual([]);
  });

  it('speaks Kiswahili: Retry, Close, Cancel and the default error title', async () => {
    await act(() => setLocale('sw'));
    render(
      <Suspense fallback="loading">
        <ErrorState onRetry={() => undefined} />
        <ConfirmDialog
          open
          onClose={() => undefined}
          title="Futa shamba?"
          message="Haitarudi."
          confirmLabel="Futa"
          onConfirm={() => undefined}
        />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument();
    expect(screen.getByText('Hitilafu imetokea')).toBeInTheDocument();
    // The dialog's code loads when it first opens (./dialog.tsx).
    expect(await screen.findByRole('button', { name: 'Funga' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ghairi' })).toBeInTheDocument();
  });

  it('shows contract and API messages (English-keyed) in the active language, in forms and fields', async () => {
    render(
      <>
        <FormError message="Something went wrong on our side. Please try again." />
        <TextField label="Jina" error="is required" />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again.');
    await act(() => setLocale('sw'));
    expect(await screen.findByText('Hitilafu imetokea upande wetu. Tafadhali jaribu tena.')).toBeInTheDocument();
    expect(screen.getByText('inahitajika')).toBeInTheDocument();
  });
});
