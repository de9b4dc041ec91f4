import { render, screen } from '@testing-library/react';
import { Badge } from './badge';

describe('Badge', () => {
  it('renders its text with the tone colour', () => {
    render(<Badge tone="warning">Pending</Badge>);
    expect(screen.getByText('Pending')).toHaveClass('bg-amber-50');
  });
});
