import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../../../testing/render';
import { AddFarmDialog } from './add-farm-dialog';

describe('AddFarmDialog (spec section 5: Add Farm)', () => {
  it('shows a field error for each missing required field instead of doing nothing, and sends nothing', async () => {
    const api = mockApi(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<AddFarmDialog open onClose={jest.fn()} />);
    await user.clear(screen.getByLabelText(/Owner/));
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));
    expect(screen.getByText('Farm name is required.')).toBeInTheDocument();
    expect(screen.getByText('Location is required.')).toBeInTheDocument();
    expect(screen.getByText('Total size is required.')).toBeInTheDocument();
    expect(screen.getByText('Owner is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Farm Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);
  });

  it('defaults established to this year, sends the farm, and keeps the input when the server refuses', async () => {
    const api = mockApi((url, init) =>
      init.method === 'POST' && url.pathname === '/v1/farms' ? { status: 400, message: 'name: must be at most 200 characters' } : undefined,
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddFarmDialog open onClose={onClose} />);
    expect(screen.getByLabelText('Established')).toHaveValue(String(new Date().getFullYear()));
    expect(screen.getByLabelText(/Total Size/)).toHaveAttribute('type', 'number');
    await user.type(screen.getByLabelText(/Farm Name/), 'Green Acres');
    await user.type(screen.getByLabelText(/Location/), 'Nakuru');
    await user.type(screen.getByLabelText(/Total Size/), '120.5');
    await user.type(screen.getByLabelText(/Owner/), 'Amina Wafula');
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('name: must be at most 200 characters');
    expect(api.writes()[0]?.body).toEqual({
      name: 'Green Acres', location: 'Nakuru', totalSize: 120.5, owner: 'Amina Wafula', established: String(new Date().getFullYear()),
    });
    expect(screen.getByLabelText(/Farm Name/)).toHaveValue('Green Acres');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps every typed value when the API cannot be reached, and adds the farm (and closes) once it is back', async () => {
    let down = true;
    const api = mockApi((_url, init) => {
      if (down) throw new TypeError('Failed to fetch');
      return init.method === 'POST' ? { status: 201, body: { id: 'f9', name: 'Green Acres' } } : { body: { items: [], total: 0, page: 1, pageSize: 20 } };
    });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<AddFarmDialog open onClose={onClose} />);
    await user.type(screen.getByLabelText(/Farm Name/), 'Green Acres');
    await user.type(screen.getByLabelText(/Location/), 'Nakuru');
    await user.type(screen.getByLabelText(/Total Size/), '12');
    await user.type(screen.getByLabelText(/Owner/), 'Amina');
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(screen.getByLabelText(/Farm Name/)).toHaveValue('Green Acres');
    expect(screen.getByLabelText(/Location/)).toHaveValue('Nakuru');
    expect(screen.getByLabelText(/Total Size/)).toHaveValue(12);
    expect(onClose).not.toHaveBeenCalled();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()).toHaveLength(2);
  });
});
