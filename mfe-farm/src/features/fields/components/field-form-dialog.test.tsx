import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayISO } from '../../../lib/format';
import { mockApi, page, renderWithProviders } from '../../../testing/render';
import { FieldFormDialog } from './field-form-dialog';

const farms = { farms: [{ id: 'f1', name: 'Green Acres' }], fields: [], seasons: [], crops: [], users: [] };

describe('FieldFormDialog (spec section 5: Add Field)', () => {
  beforeEach(() => {
    mockApi((url, init) => {
      if (url.pathname === '/v1/filters') return { body: farms };
      if (url.pathname === '/v1/farms' && init.method === 'GET') return { body: page([{ id: 'f1', name: 'Green Acres', myRole: 'Owner' }]) };
      if (init.method === 'POST') return { status: 201, body: { id: 'fl1' } };
      return undefined;
    });
  });

  it('starts with hectares and today, and asks for name, size and crop type', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FieldFormDialog open farmId="f1" onClose={jest.fn()} />);
    expect(screen.getByLabelText('Unit')).toHaveValue('hectares');
    expect(screen.getByLabelText('Planting Date')).toHaveValue(todayISO());
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(screen.getByText('Field name is required.')).toBeInTheDocument();
    expect(screen.getByText('Size is required.')).toBeInTheDocument();
    expect(screen.getByText('Crop type is required.')).toBeInTheDocument();
  });

  it('needs a farm when opened without one, then posts to that farm with the size as a number', async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === '/v1/filters') return { body: farms };
      if (url.pathname === '/v1/farms' && init.method === 'GET') return { body: page([{ id: 'f1', name: 'Green Acres', myRole: 'Owner' }]) };
      if (init.method === 'POST') return { status: 201, body: { id: 'fl1' } };
      return undefined;
    });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<FieldFormDialog open onClose={onClose} />);
    await user.type(screen.getByLabelText(/Field Name/), 'North Field');
    await user.type(screen.getByLabelText(/^Size/), '4.5');
    await user.type(screen.getByLabelText(/Crop Type/), 'Maize');
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(screen.getByText('Farm is required.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: /Farm/ }), await screen.findByRole('option', { name: 'Green Acres' }));
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    await screen.findByRole('button', { name: 'Add Field' });
    const post = api.writes()[0];
    expect(post?.url.pathname).toBe('/v1/farms/f1/fields');
    expect(post?.body).toEqual({ name: 'North Field', size: 4.5, unit: 'hectares', cropType: 'Maize', plantingDate: todayISO() });
  });
});
