import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';

describe('EmptyState and ErrorState', () => {
  it('EmptyState shows title, message and action', () => {
    render(
      <EmptyState
        title="No products found"
        message="Try adjusting your search or filters"
        action={<button type="button">Clear filters</button>}
      />,
    );
    expect(screen.getByText('No products found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });

  it('ErrorState has a default title and a Retry button only with onRetry', async () => {
    const { rerender } = render(<ErrorState message="Network error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    const onRetry = jest.fn();
    rerender(<ErrorState title="Could not load farms" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load farms');
  });
});
