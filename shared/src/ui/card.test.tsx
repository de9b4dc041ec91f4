import { render, screen } from '@testing-library/react';
import { Card, StatCard } from './card';

describe('Card', () => {
  it('is a section named by its title, with actions', () => {
    render(
      <Card title="Recent costs" actions={<button type="button">Add cost</button>}>
        Body
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Recent costs' });
    expect(screen.getByRole('heading', { level: 2, name: 'Recent costs' })).toBeInTheDocument();
    expect(region).toHaveTextContent('Add cost');
    expect(region).toHaveTextContent('Body');
  });

  it('StatCard shows label, value and hint as a description list', () => {
    render(<StatCard label="Active fields" value={12} hint="2 more than last season" icon={<svg />} />);
    expect(screen.getByRole('term')).toHaveTextContent('Active fields');
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual(['12', '2 more than last season']);
  });
});
