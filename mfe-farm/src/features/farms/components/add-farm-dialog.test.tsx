import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import { farmOf, mockFarmApi } from '../../../testing/fixtures';
import { AddFarmDialog } from './add-farm-dialog';
import { ACRES_PER_HECTARE } from '../../../lib/format';

/** Opens the dialog and types the four required fields. */
async function fillFarm(farm: { name: string; county: string; location: string; totalSize: string; owner: string }) {
  const onClose = jest.fn();
  const user = userEvent.setup();
  renderPage(<AddFarmDialog open onClose={onClose} />);
  await user.type(screen.getByLabelText(/Farm Name/), farm.name);
  await user.selectOptions(screen.getByLabelText(/County/), farm.county);
  await user.type(screen.getByLabelText(/Place/), farm.location);
  await user.type(screen.getByLabelText(/Total Size/), farm.totalSize);
  await user.type(screen.getByLabelText(/Owner/), farm.owner);
  return { onClose, user };
}

describe('AddFarmDialog', () => {
  it('shows a field error for each missing required field instead of doing nothing, and sends nothing', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderPage(<AddFarmDialog open onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    expect(screen.getByLabelText('Established')).toHaveValue(String(new Date().getFullYear()));
    expect(screen.getByLabelText(/Total Size/)).toHaveAttribute('type', 'number');
    await user.clear(screen.getByLabelText(/Owner/));
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));
    expect(screen.getByText('Farm name is required.')).toBeInTheDocument();
    expect(screen.getByText('County is required.')).toBeInTheDocument();
    // The place within the county is optional.
    expect(screen.queryByText(/Place is/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(48);
    expect(screen.getByText('Total size is required.')).toBeInTheDocument();
    expect(screen.getByText('Owner is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Farm Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.writes()).toHaveLength(0);
  });

  it('defaults established to this year, sends the farm, and keeps the input when the server refuses', async () => {
    const api = mockApi({ 'POST /v1/farms': () => ({ status: 400, message: 'name: must be at most 200 characters' }) });
    const { onClose, user } = await fillFarm({
      name: 'Green Acres',
      county: 'Nakuru',
      location: 'Njoro',
      totalSize: '120.5',
      owner: 'Amina Wafula',
    });
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('name: must be at most 200 characters');
    expect(api.writes()[0]?.body).toEqual({
      name: 'Green Acres',
      county: 'Nakuru',
      location: 'Njoro',
      // Typed in acres, the default unit; stored in hectares.
      totalSize: 120.5 / ACRES_PER_HECTARE,
      owner: 'Amina Wafula',
      established: String(new Date().getFullYear()),
    });
    expect(screen.getByLabelText(/Farm Name/)).toHaveValue('Green Acres');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps every typed value when the API cannot be reached, and adds the farm (and closes) once it is back', async () => {
    let down = true;
    const api = mockFarmApi({
      'POST /v1/farms': () => {
        if (down) throw new TypeError('Failed to fetch');
        return { status: 201, body: farmOf({ totalSize: 12, owner: 'Amina' }) };
      },
    });
    const { onClose, user } = await fillFarm({
      name: 'Green Acres',
      county: 'Kisii',
      location: 'Nakuru road',
      totalSize: '12',
      owner: 'Amina',
    });
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent("We can't reach ShambaSoko right now. Check your connection and try again.");
    expect(screen.getByLabelText(/Farm Name/)).toHaveValue('Green Acres');
    expect(screen.getByLabelText(/County/)).toHaveValue('Kisii');
    expect(screen.getByLabelText(/Place/)).toHaveValue('Nakuru road');
    expect(screen.getByLabelText(/Total Size/)).toHaveValue(12);
    expect(onClose).not.toHaveBeenCalled();

    down = false;
    await user.click(screen.getByRole('button', { name: 'Add Farm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()).toHaveLength(2);
  });
});
