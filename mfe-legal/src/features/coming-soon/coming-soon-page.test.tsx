import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ComingSoonPage, { featureName } from './coming-soon-page';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ComingSoonPage />
    </MemoryRouter>,
  );

test('says the area is being built and links back to the dashboard', () => {
  renderAt('/coming-soon');

  expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeInTheDocument();
  expect(screen.getByText(/building this part of ShambaSoko/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('names the feature a deep link asks for, and titles the tab with it', () => {
  renderAt('/coming-soon?feature=legacy-reports');

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
