import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, page, renderWithProviders } from '../../../testing/render';
import { UserFormDialog } from './user-form-dialog';

describe('UserFormDialog (spec section 5: Add User)', () => {
  it('asks for name, e-mail and phone, offers every role but Owner and starts at Field Worker', async () => {
    const api = mockApi((url) => {
      if (url.pathname === '/v1/filters') return { body: { farms: [{ id: 'f1', name: 'Green Acres' }], fields: [], seasons: [], crops: [], users: [] } };
      if (url.pathname === '/v1/farms') return { body: page([]) };
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<UserFormDialog farmId="f1" onClose={jest.fn()} />);
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('type', 'tel');
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Field Worker');
    const roles = within(role).getAllByRole('option').map((o) => o.textContent);
    expect(roles).toEqual(['Farm Manager', 'Field Supervisor', 'Field Worker', 'Accountant', 'Viewer']);
    expect(roles).not.toContain('Owner');

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone is required.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it('shows the server refusal and keeps what was typed', async () => {
    const api = mockApi((url, init) => {
      if (init.method === 'POST') return { status: 403, message: 'Only the Owner or a Farm Manager can add users.' };
      if (url.pathname === '/v1/filters') return { body: { farms: [{ id: 'f1', name: 'Green Acres' }], fields: [], seasons: [], crops: [], users: [] } };
      return { body: page([]) };
    });
    const user = userEvent.setup();
    renderWithProviders(<UserFormDialog farmId="f1" onClose={jest.fn()} />);
    await user.type(screen.getByLabelText(/Name/), 'Juma Otieno');
    await user.type(screen.getByLabelText(/Email/), 'juma@example.co.ke');
    await user.type(screen.getByLabelText(/Phone/), '+254 712 345 678');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the Owner or a Farm Manager can add users.');
    expect(api.writes()[0]?.body).toMatchObject({ name: 'Juma Otieno', email: 'juma@example.co.ke', phone: '+254 712 345 678', role: 'Viewer' });
    expect(screen.getByLabelText(/Name/)).toHaveValue('Juma Otieno');
  });

  it("as a Farm Manager editing someone else: their name and phone are locked, Farm Manager is not offered, and only the role is sent", async () => {
    const api = mockApi((url, init) => {
      if (url.pathname === '/v1/filters') return { body: { farms: [{ id: 'f1', name: 'Green Acres' }], fields: [], seasons: [], crops: [], users: [] } };
      if (url.pathname === '/v1/farms' && init.method === 'GET') return { body: page([{ id: 'f1', name: 'Green Acres', myRole: 'Farm Manager' }]) };
      if (init.method === 'PATCH') return { body: {} };
      return { body: page([]) };
    });
    const member = {
      id: 'm1', farmId: 'f1', farmName: 'Green Acres', userId: 'u-juma', name: 'Juma Otieno', email: 'juma@example.co.ke', phone: '+254 712 345 678',
      role: 'Field Worker', fieldId: null, fieldName: null, seasonId: null, seasonName: null, cropId: null, cropName: null, addedDate: '2026-01-01', status: 'active',
    } as const;
    const user = userEvent.setup();
    renderWithProviders(<UserFormDialog user={member} onClose={jest.fn()} />);
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
