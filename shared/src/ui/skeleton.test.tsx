import { render, screen } from '@testing-library/react';
import { FrameSkeleton, PageSkeleton } from './skeleton';

describe('skeletons', () => {
  it('announces one "Loading page" status and hides the blocks from screen readers', () => {
    const { container } = render(<PageSkeleton shape="grid" />);
    expect(screen.getByRole('status', { name: 'Loading page' })).toHaveAttribute('aria-busy', 'true');
    const blocks = container.querySelectorAll('.animate-pulse');
    expect(blocks.length).toBeGreaterThan(8);
    // The shimmer stops for people who asked for less motion.
    blocks.forEach((b) => {
      expect(b).toHaveAttribute('aria-hidden', 'true');
      expect(b).toHaveClass('motion-reduce:animate-none');
    });
  });

  it('draws a different shape per page kind', () => {
    const count = (shape: 'cards' | 'grid' | 'rows') => {
      const { container, unmount } = render(<PageSkeleton shape={shape} />);
      const n = container.querySelectorAll('.animate-pulse').length;
      unmount();
      return n;
    };
    expect(new Set([count('cards'), count('grid'), count('rows')]).size).toBe(3);
  });

  it('paints a header with the logo before a remote that draws its own header has loaded', () => {
    render(<FrameSkeleton shape="grid" />);
    expect(screen.getByRole('banner')).toHaveTextContent('ShambaSoko');
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });
});
