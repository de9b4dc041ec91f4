import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FarmPerson } from '@shambasoko/contracts';
import { listPage, renderPage } from '@shambasoko/shared/testing';
import { farmOf, farmUserOf, IDS, mockFarmApi } from '../../testing/fixtures';
import UsersPage from './users-page';

const MEMBER2 = '00000000-0000-4000-8000-0000000000b2';

/** Juma on two farms: a Field Worker on Green Acres and a Viewer on Hill Farm. */
const juma: FarmPerson = {
  id: IDS.user,
  userId: IDS.user,
  name: 'Juma Otieno',
  email: 'juma@example.co.ke',
  phone: '+254 712 345 678',
  memberships: [farmUserOf(), farmUserOf({ id: MEMBER2, farmId: IDS.farm2, farmName: 'Hill Farm', role: 'Viewer' })],
};

function mockPeople() {
  return mockFarmApi(
    { 'GET /v1/farm-users/people': () => ({ body: listPage([juma]) }) },
    { farms: [farmOf({ myRole: 'Owner' }), farmOf({ id: IDS.farm2, name: 'Hill Farm', myRole: 'Owner' })] },
  );
}

describe('UsersPage', () => {
  it('makes a phone number tap-to-call', async () => {
    mockPeople();
    renderPage(<UsersPage />, { url: '/users' });
    const links = await screen.findAllByRole('link', { name: 'Call Juma Otieno on +254 712 345 678' });
    expect(links[0]).toHaveAttribute('href', 'tel:+254712345678');
  });

  it('shows each person once with their farms and a role on each; tapping the row opens them', async () => {
    mockPeople();
    const user = userEvent.setup();
    renderPage(<UsersPage />, { url: '/users' });
    const rows = within(await screen.findByRole('list', { name: 'Farm users' })).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Juma Otieno');
    expect(rows[0]).toHaveTextContent('Green Acres (Field Worker)');
    expect(rows[0]).toHaveTextContent('Hill Farm (Viewer)');

    await user.click(within(rows[0]!).getByText('Juma Otieno'));
    const dialog = await screen.findByRole('dialog', { name: 'Juma Otieno' });
    const farms = within(within(dialog).getByRole('list', { name: 'Farms of Juma Otieno' })).getAllByRole('listitem');
    expect(farms.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Green AcresField WorkerWhole farm'),
      expect.stringContaining('Hill FarmViewerWhole farm'),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Edit Juma Otieno on Hill Farm' }));
    expect(await screen.findByRole('dialog', { name: /Edit User/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Juma Otieno' })).not.toBeInTheDocument();
  });
});
