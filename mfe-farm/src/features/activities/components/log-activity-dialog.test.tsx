import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockDialogApi, renderWithProviders } from '../../../testing/render';
import { LogActivityDialog } from './log-activity-dialog';

const options = { farms: [{ id: 'f1', name: 'Green Acres' }], fields: [{ id: 'fl1', name: 'North Field' }], seasons: [], crops: [], users: [] };

describe('LogActivityDialog', () => {
  it('needs a farm, a field and a type; sends the optional picks as none', async () => {
    const api = mockDialogApi(options);
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<LogActivityDialog onClose={onClose} />);
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
      farmId: 'f1', fieldId: 'fl1', seasonId: null, cropId: null, userId: null, name: 'Weeding', status: 'Pending',
    });
  });
});
