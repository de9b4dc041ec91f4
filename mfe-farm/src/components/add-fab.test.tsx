import { render, screen } from '@testing-library/react';
import { AddFab } from './add-fab';

describe('AddFab', () => {
  it('is labelled in words, not a bare +', () => {
    render(<AddFab label="Add New Field" />);
    expect(screen.getByRole('button', { name: 'Add New Field' })).toHaveTextContent('Add New Field');
  });

  it('is not shown to a role that may not add (no greyed dead button)', () => {
    render(<AddFab label="Add New Field" disabled title="Only managers add fields" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
