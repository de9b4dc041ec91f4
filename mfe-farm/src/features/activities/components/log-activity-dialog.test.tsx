import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { activityOf, filtersOf, IDS, mockFarmApi, OPTIONS } from '../../../testing/fixtures';
import { LogActivityDialog } from './log-activity-dialog';

describe('LogActivityDialog', () => {
  it('needs a farm, a field and a type; sends the optional picks as none', async () => {
    const api = mockFarmApi(
      { 'POST /v1/activities': () => ({ status: 201, body: activityOf() }) },
      { filters: filtersOf({ fields: [OPTIONS.field] }) },
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<LogActivityDialog onClose={onClose} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    await user.click(screen.getByRole('button', { name: 'Log Activity' }));
    for (const message of ['Farm is required.', 'Field is required.', 'Activity type is required.']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.selectOptions(screen.getByRole('combobox', { name: /Farm/ }), await screen.findByRole('option', { name: 'Green Acres' }));
    expect(screen.queryByText('Farm is required.')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Field/ }), await screen.findByRole('option', { name: 'North Field' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /Activity Type/ }), 'Weeding');
    await user.click(screen.getByRole('button', { name: 'Log Activity' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.writes()[0]?.body).toEqual({
      farmId: IDS.farm,
      fieldId: IDS.field,
      seasonId: null,
      cropId: null,
      userId: null,
      name: 'Weeding',
      status: 'Pending',
    });
  });
});
