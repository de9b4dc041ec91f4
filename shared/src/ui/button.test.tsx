import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, buttonClassName } from './button';

describe('Button', () => {
  it('is type="button" by default and forwards props and ref', async () => {
    const onClick = jest.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} onClick={onClick} aria-label="Add farm" data-x="1">
        +
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Add farm' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-x', '1');
    expect(ref.current).toBe(button);
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps type="submit" when asked', () => {
    render(<Button type="submit">Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('is disabled and busy while loading, showing the loading text', async () => {
    const onClick = jest.fn();
    const { rerender } = render(
      <Button loading loadingText="Signing In..." onClick={onClick}>
        Sign In
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing In...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(<Button onClick={onClick}>Sign In</Button>);
    const idle = screen.getByRole('button', { name: 'Sign In' });
    expect(idle).toBeEnabled();
    expect(idle).not.toHaveAttribute('aria-busy');
  });

  it('keeps its label while loading when no loading text is given', () => {
    render(<Button loading>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('applies variant classes', () => {
    render(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('bg-red-600');
    expect(buttonClassName({ variant: 'secondary', size: 'sm' })).toContain('min-h-10');
  });
});
