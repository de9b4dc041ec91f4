import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ComingSoonPage, { featureName } from './coming-soon-page';

test('says the area is being built and links back to the dashboard', () => {
  render(
    <MemoryRouter initialEntries={['/coming-soon']}>
      <ComingSoonPage />
    </MemoryRouter>,
  );

  expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeInTheDocument();
  expect(screen.getByText(/building this part of ShambaSoko/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('names the feature a deep link asks for, and titles the tab with it', () => {
  render(
    <MemoryRouter initialEntries={['/coming-soon?feature=legacy-reports']}>
      <ComingSoonPage />
    </MemoryRouter>,
  );

  expect(screen.getByRole('heading', { level: 1, name: 'Legacy Reports: Coming Soon' })).toBeInTheDocument();
  expect(screen.getByText(/building Legacy Reports in ShambaSoko/)).toBeInTheDocument();
  expect(document.title).toBe('Legacy Reports · Coming Soon · ShambaSoko');
});

test.each([
  ['co-ops', 'Co ops'],
  ['<script>', null],
  [null, null],
])('featureName(%j) is %j', (slug, name) => {
  expect(featureName(slug)).toBe(name);
});
