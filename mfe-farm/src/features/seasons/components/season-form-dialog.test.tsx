import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { filtersOf, IDS, mockFarmApi, OPTIONS, seasonOf } from '../../../testing/fixtures';
import { SeasonFormDialog } from './season-form-dialog';

describe('SeasonFormDialog (Plan a Season / Edit Season)', () => {
  it('plans a farm-wide season when no field is picked, and refuses an end before the start', async () => {
    const api = mockFarmApi(
      { 'POST /v1/seasons': () => ({ status: 201, body: seasonOf() }) },
      { filters: filtersOf({ fields: [OPTIONS.field] }) },
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<SeasonFormDialog open farmId={IDS.farm} onClose={onClose} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    await user.type(screen.getByLabelText(/Season Name/), 'Long Rains 2026');
    await user.type(screen.getByLabelText(/Crop Type/), 'Maize');
    await user.type(screen.getByLabelText(/Start Date/), '2026-03-01');
    await user.type(screen.getByLabelText(/End Date/), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Plan Season' }));
    expect(await screen.findByText('End date must be on or after the start date.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    await user.clear(screen.getByLabelText(/End Date/));
    await user.type(screen.getByLabelText(/End Date/), '2026-07-31');
    await user.click(screen.getByRole('button', { name: 'Plan Season' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toMatchObject({
      farmId: IDS.farm,
      name: 'Long Rains 2026',
      cropType: 'Maize',
      startDate: '2026-03-01',
      endDate: '2026-07-31',
      status: 'upcoming',
    });
  });

  it('edits a season without sending its farm', async () => {
    const season = seasonOf({ fieldId: IDS.field, fieldName: OPTIONS.field.name });
    const api = mockFarmApi(
      { [`PATCH /v1/seasons/${IDS.season}`]: () => ({ body: { ...season, status: 'completed' } }) },
      { filters: filtersOf({ fields: [OPTIONS.field] }) },
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<SeasonFormDialog open season={season} onClose={onClose} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).not.toHaveProperty('farmId');
    expect(api.writes()[0]?.body).toMatchObject({ fieldId: IDS.field, status: 'completed' });
  });
});
