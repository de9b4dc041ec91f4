import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { cropOf, filtersOf, IDS, mockFarmApi, OPTIONS } from '../../../testing/fixtures';
import { CropFormDialog } from './crop-form-dialog';

const filters = filtersOf({ fields: [OPTIONS.field], seasons: [OPTIONS.season] });
const maize = cropOf();

describe('CropFormDialog (Add Crop / Update Crop)', () => {
  it('asks for field, season, name, area and harvest in the spec’s words, and refuses a harvest before planting', async () => {
    const api = mockFarmApi({}, { filters });
    const user = userEvent.setup();
    renderPage(<CropFormDialog open farmId={IDS.farm} onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    await user.click(screen.getByRole('button', { name: 'Add Crop' }));
    for (const message of [
      'Field is required.',
      'Season is required.',
      'Crop name is required.',
      'Area is required.',
      'Expected harvest is required.',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByRole('combobox', { name: /Field/ }), await screen.findByRole('option', { name: 'North Field' }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Season/ }),
      await screen.findByRole('option', { name: 'Long Rains 2026' }),
    );
    await user.type(screen.getByLabelText(/^Crop/), 'Beans');
    await user.type(screen.getByLabelText(/Area/), '0');
    await user.clear(screen.getByLabelText(/Planted Date/));
    await user.type(screen.getByLabelText(/Planted Date/), '2026-04-10');
    await user.type(screen.getByLabelText(/Expected Harvest/), '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Add Crop' }));
    expect(await screen.findByText('Area must be a number above 0.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Area/));
    await user.type(screen.getByLabelText(/Area/), '1.5');
    await user.click(screen.getByRole('button', { name: 'Add Crop' }));
    expect(await screen.findByText('Expected harvest must be on or after the planted date.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('sends a cleared yield as null, so the update removes it', async () => {
    const api = mockFarmApi({ [`PATCH /v1/crops/${IDS.crop}`]: () => ({ body: maize }) }, { filters });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<CropFormDialog open crop={maize} onClose={onClose} />);
    await user.clear(screen.getByLabelText(/Yield/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toEqual({
      fieldId: IDS.field,
      seasonId: IDS.season,
      name: 'Maize',
      area: 2,
      plantedDate: '2026-03-01',
      expectedHarvest: '2026-07-01',
      yieldPerHectare: null,
      status: 'growing',
    });
  });
});
