import { render, screen } from '@testing-library/react';
import { Logo } from './logo';

test('the one mark: an "S" tile hidden from screen readers, and the name they read', () => {
  render(
    <a href="/">
      <Logo />
    </a>,
  );
  expect(screen.getByRole('link', { name: 'ShambaSoko' })).toBeInTheDocument();
  expect(screen.getByText('S')).toHaveAttribute('aria-hidden', 'true');
});

test('compact: only the tile shows on phones, and the name is still read out', () => {
  render(
    <a href="/">
      <Logo compact />
    </a>,
  );
  expect(screen.getByRole('link', { name: 'ShambaSoko' })).toBeInTheDocument();
  expect(screen.getByText('ShambaSoko')).toHaveClass('sr-only', 'sm:not-sr-only');
});
