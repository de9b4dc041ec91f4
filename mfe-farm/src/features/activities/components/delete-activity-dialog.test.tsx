import type { Activity } from '@shambasoko/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '../../../testing/render';
import { DeleteActivityDialog } from './delete-activity-dialog';

const activity: Activity = {
  id: 'a1', name: 'Weeding', farmId: 'f1', farmName: 'Green Acres', fieldId: 'fl1', fieldName: 'North Field',
  seasonId: null, seasonName: null, cropId: null, cropName: null, userId: null, userName: null, status: 'Pending', dueDate: null, notes: '',
};

describe('DeleteActivityDialog', () => {
  it("asks the spec's question with Cancel and Delete, and deletes only on Delete", async () => {
    const api = mockApi((_url, init) => (init.method === 'DELETE' ? { body: null } : undefined));
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<DeleteActivityDialog activity={activity} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Activity' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Weeding activity at Green Acres?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE' })]);
    expect(api.writes()[0]?.url.pathname).toBe('/v1/activities/a1');
  });

  it("names an unmatched farm 'Unknown' and shows the server's refusal", async () => {
    mockApi(() => ({ status: 403, message: 'Your role on this farm cannot delete activities.' }));
    const user = userEvent.setup();
    renderWithProviders(<DeleteActivityDialog activity={{ ...activity, farmName: '' }} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete Weeding activity at Unknown?');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role on this farm cannot delete activities.');
  });
});
