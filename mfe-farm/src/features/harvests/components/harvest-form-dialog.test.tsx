import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { IDS, mockFarmApi } from '../../../testing/fixtures';
import { HarvestFormDialog } from './harvest-form-dialog';

describe('HarvestFormDialog', () => {
  it('offers the harvest inputs with their words and refuses a harvest without a quantity', async () => {
    const api = mockFarmApi();
    renderPage(<HarvestFormDialog cropId={IDS.crop} farmId={IDS.farm} onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    expect(screen.getByRole('dialog', { name: 'Record a harvest' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Unit/ })).toHaveValue('bag_90kg');
    expect(screen.getByRole('combobox', { name: /^Where it went/ })).toHaveValue('stored');
    expect(screen.getByLabelText(/^Kg in one unit/)).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByLabelText(/^Kg in one unit/)).not.toBeRequired();
    expect(screen.getByText('Needed for a crate; a 90 kg bag is 90 kg')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Grade/)).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Record harvest' }));
    expect(await screen.findByText('Quantity is required.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });
});
