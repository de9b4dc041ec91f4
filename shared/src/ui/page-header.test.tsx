import { render, screen } from '@testing-library/react';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('lets a long title wrap, even within one long word, instead of running off a 412 px screen', () => {
    render(<PageHeader title="Kipkorir-Chepkoech-Family-Farm-Kericho" subtitle="Kericho" />);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveClass('[overflow-wrap:anywhere]');
    expect(heading).not.toHaveClass('truncate');
    // A flex child shrinks below its content's width only with min-width 0.
    expect(heading.parentElement).toHaveClass('min-w-0');
  });
});
