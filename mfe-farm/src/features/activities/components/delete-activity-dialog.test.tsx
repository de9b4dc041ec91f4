import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderPage } from '@shambasoko/shared/testing';
import { activityOf, IDS } from '../../../testing/fixtures';
import { DeleteActivityDialog } from './delete-activity-dialog';

const weeding = activityOf();

describe('DeleteActivityDialog', () => {
  it("asks the spec's question with Cancel and Delete, and deletes only on Delete", async () => {
    const api = mockApi({ [`DELETE /v1/activities/${IDS.activity}`]: () => ({ body: { id: IDS.activity } }) });
    const onClose = jest.fn();
    const user = userEvent.setup();
    renderPage(<DeleteActivityDialog activity={weeding} onClose={onClose} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    const dialog = screen.getByRole('dialog', { name: 'Delete Activity' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Weeding activity at Green Acres?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([`DELETE /v1/activities/${IDS.activity}`]);
  });

  it("names an unmatched farm 'Unknown' and shows the server's refusal", async () => {
    mockApi(() => ({ status: 403, message: 'Your role on this farm cannot delete activities.' }));
    const user = userEvent.setup();
    renderPage(<DeleteActivityDialog activity={{ ...weeding, farmName: '' }} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to delete Weeding activity at Unknown?');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role on this farm cannot delete activities.');
  });
});
