import { act, screen, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import { Suspense } from 'react';
import { farmOf, mockFarmApi } from '../../testing/fixtures';
import FarmsPage from './farms-page';

afterEach(async () => {
  await act(() => setLocale('en'));
});

test('the farms list speaks Kiswahili once it is chosen', async () => {
  mockFarmApi({}, { farms: [farmOf({ fieldsCount: 3, myRole: 'Farm Manager' })] });
  await act(() => setLocale('sw'));
  renderPage(
    <Suspense fallback="…">
      <FarmsPage />
    </Suspense>,
    { url: '/farms' },
  );
  expect(await screen.findByRole('heading', { name: 'Mashamba' })).toBeInTheDocument();
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('columnheader', { name: 'Jina la Shamba' })).toBeInTheDocument();
  expect(within(table).getByRole('columnheader', { name: 'Jukumu Lako' })).toBeInTheDocument();
  expect(await within(table).findByText('vipande 3')).toBeInTheDocument();
  expect(within(table).getByText('Meneja wa Shamba')).toBeInTheDocument();
  expect(within(table).getByText('Hai')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Tafuta Mashamba' })).toHaveAttribute('placeholder', 'Tafuta…');
  expect(screen.getAllByRole('button', { name: 'Ongeza Shamba Jipya' }).length).toBeGreaterThan(0);
  // No English left on the screen (the farm's own name, place and owner are data, not words of the app).
  expect(document.body.textContent).not.toMatch(/\b(Farms|Farm Name|Your Role|Active|fields|Add New Farm|Filter)\b/);
});
