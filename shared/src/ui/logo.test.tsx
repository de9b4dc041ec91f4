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
