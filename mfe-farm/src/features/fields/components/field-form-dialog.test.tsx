import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { todayISO } from '../../../lib/format';
import { fieldOf, IDS, mockFarmApi } from '../../../testing/fixtures';
import { FieldFormDialog } from './field-form-dialog';

const mockFieldApi = () => mockFarmApi({ [`POST /v1/farms/${IDS.farm}/fields`]: () => ({ status: 201, body: fieldOf() }) });

describe('FieldFormDialog', () => {
  it('starts with acres (the default preference) and today, and asks for name, size and crop type', async () => {
    mockFieldApi();
    const user = userEvent.setup();
    renderPage(<FieldFormDialog open farmId={IDS.farm} onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    expect(screen.getByLabelText('Unit')).toHaveValue('acres');
    expect(screen.getByLabelText('Planting Date')).toHaveValue(todayISO());
    await user.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(screen.getByText('Field name is required.')).toBeInTheDocument();
    expect(screen.getByText('Size is required.')).toBeInTheDocument();
    expect(screen.getByText('Crop type is required.')).toBeInTheDocument();
  });

  it('needs a farm when opened without one, then posts to that farm with the size as a number', async () => {
    const api = mockFieldApi();
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<FieldFormDialog open onClose={onClose} />);
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
    expect(post?.path).toBe(`/v1/farms/${IDS.farm}/fields`);
    expect(post?.body).toEqual({ name: 'North Field', size: 4.5, unit: 'acres', cropType: 'Maize', plantingDate: todayISO() });
  });
});
