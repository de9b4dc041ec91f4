import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ComingSoonPage from './coming-soon-page';

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
