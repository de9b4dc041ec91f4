import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { RegistryOverview, RegistryRemote } from '@shambasoko/shared/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import AdminRemotesPage from './admin-remotes-page';

const LIVE = 'aaaaaaaa11111111';
const OLD = 'bbbbbbbb22222222';
const NEW = 'cccccccc33333333';

const version = (v: string, builtAt: string) => ({
  version: v,
  entry: `http://localhost:3002/v/${v}/remoteEntry.js`,
  mounts: [{ path: '/market/*', layout: 'dashboard' as const }],
  menu: [],
  builtAt,
  sizeBytes: 204_800,
  requires: { react: '^19.1.0' },
  registeredAt: builtAt,
});

function market(overrides: Partial<RegistryRemote> = {}): RegistryRemote {
  return {
    name: 'market',
    enabled: true,
    roles: ['Buyer', 'Farmer'],
    live: LIVE,
    previous: OLD,
    rollout: null,
    versions: [version(NEW, '2026-11-24T09:00:00Z'), version(LIVE, '2026-11-23T09:00:00Z'), version(OLD, '2026-11-20T09:00:00Z')],
    updatedAt: '2026-11-23T10:30:00Z',
    updatedBy: { id: 'u1', name: 'Amina Otieno' },
    ...overrides,
  };
}

const overview = (remote: RegistryRemote = market()): RegistryOverview => ({
  remotes: [remote],
  audit: [
    {
      id: 'a1',
      remote: 'market',
      action: 'roles',
      actor: { id: 'u1', name: 'Amina Otieno' },
      at: '2026-11-23T10:30:00Z',
      before: ['Buyer', 'Farmer', 'Supplier'],
      after: ['Buyer', 'Farmer'],
    },
  ],
});

function signInAsAdmin(roles: string[] = ['Admin', 'Farmer']) {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles } as typeof user });
}

const renderConsole = () => renderPage(<AdminRemotesPage />, { url: '/admin/remotes' });
const card = () => screen.findByRole('region', { name: 'market' });

describe('the remotes console', () => {
  it('tells a non-admin that only administrators can open it, and never asks the API', () => {
    signInAsAdmin(['Farmer']);
    const api = mockApi({});
    renderConsole();
    expect(screen.getByRole('alert')).toHaveTextContent('Only administrators can open this page');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the API's message when it refuses the account (403)", async () => {
    signInAsAdmin();
    mockApi({ 'GET /v1/admin/remotes': () => ({ status: 403, message: 'This needs the Admin role.' }) });
    renderConsole();
    expect(await screen.findByRole('alert')).toHaveTextContent('This needs the Admin role.');
  });

  it('lists each remote with its live version, build, size, last change and versions, and the audit log', async () => {
    signInAsAdmin();
    mockApi({ 'GET /v1/admin/remotes': () => ({ body: overview() }) });
    renderConsole();
    const remote = await card();
    expect(within(remote).getByText('aaaaaaaa', { selector: 'dd code' })).toBeInTheDocument();
    expect(within(remote).getByText('200.0 KB', { selector: 'dd' })).toBeInTheDocument();
    expect(within(remote).getByText(/Amina Otieno, 23 Nov 2026/)).toBeInTheDocument();
    expect(within(remote).getByRole('checkbox', { name: 'Buyer' })).toBeChecked();
    expect(within(remote).getByRole('checkbox', { name: 'Supplier' })).not.toBeChecked();
    expect(within(remote).getByRole('checkbox', { name: 'Everyone (*)' })).not.toBeChecked();
    const versions = within(within(remote).getByRole('region', { name: 'Versions of market' })).getAllByRole('listitem');
    expect(versions.map((v) => v.textContent?.slice(0, 8))).toEqual(['cccccccc', 'aaaaaaaa', 'bbbbbbbb']);
    expect(within(versions[1]!).getByText('Live')).toBeInTheDocument();
    expect(within(versions[1]!).queryByRole('button', { name: /Promote/ })).toBeNull();

    const audit = screen.getByRole('list', { name: 'Audit log' });
    expect(audit).toHaveTextContent('Amina Otieno');
    expect(audit).toHaveTextContent('23 Nov 2026');
    expect(audit).toHaveTextContent('market roles: Buyer, Farmer, Supplier → Buyer, Farmer');
  });

  it('toggles a role with a PATCH of the new role list, then reloads the overview', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'PATCH /v1/admin/remotes/market': () => ({ body: market({ roles: ['Buyer', 'Farmer', 'Supplier'] }) }),
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('checkbox', { name: 'Supplier' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Roles of market saved.');
    expect(api.writes()).toEqual([expect.objectContaining({ method: 'PATCH', body: { roles: ['Buyer', 'Farmer', 'Supplier'] } })]);
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it("disables the remote's controls while a change is saving", async () => {
    signInAsAdmin();
    let release: () => void = () => undefined;
    mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'PATCH /v1/admin/remotes/market': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: market({ roles: ['Farmer'] }) });
        }),
    });
    renderConsole();
    const remote = within(await card());
    await userEvent.click(remote.getByRole('checkbox', { name: 'Buyer' }));
    expect(remote.getByRole('checkbox', { name: 'Farmer' })).toBeDisabled();
    expect(remote.getByRole('button', { name: 'Promote cccccccc' })).toBeDisabled();
    expect(remote.getByRole('button', { name: 'Switch off market' })).toBeDisabled();
    release();
    await waitFor(() => expect(remote.getByRole('checkbox', { name: 'Farmer' })).toBeEnabled());
  });

  it('switches a remote off only after the confirmation', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'PATCH /v1/admin/remotes/market': () => ({ body: market({ enabled: false }) }),
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Switch off market' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch off market?' });
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ body: { enabled: false } })]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('promotes a recorded version', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'POST /v1/admin/remotes/market/promote': () => ({ body: market({ live: NEW, previous: LIVE }) }),
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Promote cccccccc' }));
    expect(await screen.findByRole('status')).toHaveTextContent('cccccccc is now live for market.');
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/v1/admin/remotes/market/promote', body: { version: NEW } })]);
  });

  it('rolls back to the previous version, and offers no rollback when there is none', async () => {
    signInAsAdmin();
    let remote = market();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview(remote) }),
      'POST /v1/admin/remotes/market/rollback': () => {
        remote = market({ live: OLD, previous: null });
        return { body: remote };
      },
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Roll back to bbbbbbbb' }));
    expect(await screen.findByRole('status')).toHaveTextContent('market rolled back to bbbbbbbb.');
    expect(api.writes()).toEqual([expect.objectContaining({ path: '/v1/admin/remotes/market/rollback' })]);
    expect(await within(await card()).findByRole('button', { name: 'Roll back' })).toBeDisabled();
  });

  it('starts a staged rollout with the chosen version, role and percent, and stops it', async () => {
    signInAsAdmin();
    let remote = market();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview(remote) }),
      'PUT /v1/admin/remotes/market/rollout': ({ body }) => {
        remote = market({ rollout: body as RegistryRemote['rollout'] });
        return { body: remote };
      },
      'DELETE /v1/admin/remotes/market/rollout': () => {
        remote = market();
        return { body: remote };
      },
    });
    renderConsole();
    const form = within(await screen.findByRole('form', { name: 'Staged rollout of market' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Version' }), NEW);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Role' }), 'Buyer');
    await userEvent.clear(form.getByRole('spinbutton', { name: 'Percent' }));
    await userEvent.type(form.getByRole('spinbutton', { name: 'Percent' }), '50');
    await userEvent.click(form.getByRole('button', { name: 'Start rollout' }));
    const rollout = screen.getByRole('region', { name: 'Rollout of market' });
    await waitFor(() => expect(rollout).toHaveTextContent('Rollout running: version cccccccc for 50% of Buyer users.'));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { version: NEW, role: 'Buyer', percent: 50 } });

    await userEvent.click(screen.getByRole('button', { name: 'Stop rollout of market' }));
    expect(await screen.findByRole('button', { name: 'Start rollout' })).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/v1/admin/remotes/market/rollout' });
  });

  it('refuses a percent outside 1–99 without calling the API', async () => {
    signInAsAdmin();
    const api = mockApi({ 'GET /v1/admin/remotes': () => ({ body: overview() }) });
    renderConsole();
    const form = within(await screen.findByRole('form', { name: 'Staged rollout of market' }));
    await userEvent.clear(form.getByRole('spinbutton', { name: 'Percent' }));
    await userEvent.type(form.getByRole('spinbutton', { name: 'Percent' }), '100');
    await userEvent.click(form.getByRole('button', { name: 'Start rollout' }));
    expect(form.getByText('Enter a whole percent from 1 to 99.')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
  });

  it("shows the API's message when a change is refused", async () => {
    signInAsAdmin();
    mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'POST /v1/admin/remotes/market/promote': () => ({
        status: 409,
        message: 'market needs react ^99.0.0; the live shell provides 19.1.0',
      }),
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Promote cccccccc' }));
    expect(await screen.findByText('market needs react ^99.0.0; the live shell provides 19.1.0')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
