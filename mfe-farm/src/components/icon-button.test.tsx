import { render, screen } from '@testing-library/react';
import { IconButton } from './icon-button';
import { EditIcon } from './icons';

describe('IconButton', () => {
  it('draws its icon and is named by its label', () => {
    render(<IconButton label="Edit North Field" icon={<EditIcon />} />);
    const button = screen.getByRole('button', { name: 'Edit North Field' });
    expect(button.querySelector('svg')).not.toBeNull();
    expect(button).toHaveAttribute('title', 'Edit North Field');
  });

  it('keeps the reason of a disabled action as its title', () => {
    render(<IconButton label="Delete" icon={<EditIcon />} disabled title="Your role on this farm (Viewer) cannot manage fields." />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveAttribute('title', expect.stringContaining('Viewer'));
  });
});
