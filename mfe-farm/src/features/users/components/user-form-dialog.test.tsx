import { act, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@shambasoko/shared';
import userEvent from '@testing-library/user-event';
import { renderPage } from '@shambasoko/shared/testing';
import { farmOf, farmUserOf, IDS, mockFarmApi } from '../../../testing/fixtures';
import { UserFormDialog } from './user-form-dialog';

describe('UserFormDialog', () => {
  it('asks for a name and a phone (the e-mail is optional), offers every role but Owner and starts at Field Worker', async () => {
    const api = mockFarmApi({}, { farms: [] });
    const user = userEvent.setup();
    renderPage(<UserFormDialog farmId={IDS.farm} onClose={jest.fn()} />);
    await screen.findByRole('dialog'); // its code loads as it first opens (shared/src/ui/dialog.tsx)
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('type', 'tel');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Field Worker');
    const roles = within(role)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(roles).toEqual(['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer']);
    expect(roles).not.toContain('Owner');

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Phone is required.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('adds a person by a Kenyan phone number alone, and refuses another number without an e-mail', async () => {
    const api = mockFarmApi({}, { farms: [] });
    const user = userEvent.setup();
    renderPage(<UserFormDialog farmId={IDS.farm} onClose={jest.fn()} />);
    await user.type(screen.getByLabelText(/Name/), 'Wafula Wekesa');
    await user.type(screen.getByLabelText(/Phone/), '12345');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText(/Phone must be a Kenyan number such as 0712 345 678 when there is no e-mail/)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await user.clear(screen.getByLabelText(/Phone/));
    await user.type(screen.getByLabelText(/Phone/), '0712 345 678');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(api.writes()[0]?.body).toMatchObject({ name: 'Wafula Wekesa', phone: '0712 345 678' }));
  });

  it('shows the server refusal and keeps what was typed', async () => {
    const api = mockFarmApi(
      { [`POST /v1/farms/${IDS.farm}/users`]: () => ({ status: 403, message: 'Only the Owner or a Farm Manager can add users.' }) },
      { farms: [] },
    );
    const user = userEvent.setup();
    renderPage(<UserFormDialog farmId={IDS.farm} onClose={jest.fn()} />);
    await user.type(screen.getByLabelText(/Name/), 'Juma Otieno');
    await user.type(screen.getByLabelText(/Email/), 'juma@example.co.ke');
    await user.type(screen.getByLabelText(/Phone/), '+254 712 345 678');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the Owner or a Farm Manager can add users.');
    expect(api.writes()[0]?.body).toMatchObject({
      name: 'Juma Otieno',
      email: 'juma@example.co.ke',
      phone: '+254 712 345 678',
      role: 'Viewer',
    });
    expect(screen.getByLabelText(/Name/)).toHaveValue('Juma Otieno');
  });

  it('as a Farm Manager editing someone else: their name and phone are locked, Farm Manager is not offered, and only the role is sent', async () => {
    const member = farmUserOf();
    const api = mockFarmApi(
      { [`PATCH /v1/farm-users/${IDS.member}`]: () => ({ body: farmUserOf({ role: 'Viewer' }) }) },
      { farms: [farmOf({ myRole: 'Farm Manager' })] },
    );
    const user = userEvent.setup();
    renderPage(<UserFormDialog user={member} onClose={jest.fn()} />);
    const role = screen.getByRole('combobox', { name: 'Role' });
    await screen.findByRole('option', { name: 'Viewer' });
    await waitFor(() => expect(within(role).queryByRole('option', { name: 'Farm Manager' })).toBeNull());
    expect(screen.getByLabelText(/Name/)).toBeDisabled();
    expect(screen.getByLabelText(/Phone/)).toBeDisabled();
    expect(screen.getByText('Only this person can change their name and phone number.')).toBeInTheDocument();
    await user.selectOptions(role, 'Viewer');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ role: 'Viewer', fieldId: null, seasonId: null, cropId: null });
  });
});

describe('UserFormDialog in Kiswahili', () => {
  afterEach(async () => {
    await act(() => setLocale('en'));
  });

  it('names the roles and words the phone rule in Kiswahili', async () => {
    mockFarmApi({}, { farms: [] });
    await act(() => setLocale('sw'));
    const user = userEvent.setup();
    renderPage(<UserFormDialog farmId={IDS.farm} onClose={jest.fn()} />);
    const role = screen.getByRole('combobox', { name: 'Jukumu' });
    expect(within(role).getByRole('option', { selected: true })).toHaveTextContent('Mfanyakazi wa Shamba');
    expect(role).toHaveValue('Field Worker');
    await user.type(screen.getByLabelText(/Jina/), 'Wafula Wekesa');
    await user.type(screen.getByLabelText(/Simu/), '12345');
    await user.click(screen.getByRole('button', { name: 'Ongeza Mtumiaji' }));
    expect(await screen.findByText(/Simu: iwe nambari ya Kenya kama 0712 345 678 ikiwa hakuna barua pepe/)).toBeInTheDocument();
  });
});
