import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '@shambasoko/shared';
import type { RegistryOverview, RegistryRemote } from '@shambasoko/contracts';
import { mockApi, renderPage, signInAs } from '@shambasoko/shared/testing';
import AdminRemotesPage from './admin-remotes-page';

const LIVE = 'aaaaaaaa11111111';
const OLD = 'bbbbbbbb22222222';
const NEW = 'cccccccc33333333';

const version = (v: string, builtAt: string) => ({
  version: v,
  title: { en: 'Market', sw: 'Soko' },
  description: null,
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
    title: { en: 'Market', sw: 'Soko' },
    description: { en: 'The marketplace', sw: 'Soko la bidhaa' },
    enabled: true,
    roles: ['Buyer', 'Farmer'],
    live: LIVE,
    previous: OLD,
    everLive: true,
    rollout: null,
    versions: [version(NEW, '2026-11-24T09:00:00Z'), version(LIVE, '2026-11-23T09:00:00Z'), version(OLD, '2026-11-20T09:00:00Z')],
    updatedAt: '2026-11-23T10:30:00Z',
    updatedBy: { id: 'u1', name: 'Amina Otieno' },
    ...overrides,
  };
}

const farm = (overrides: Partial<RegistryRemote> = {}): RegistryRemote =>
  market({ name: 'farm', title: { en: 'Farm', sw: 'Shamba' }, description: null, roles: ['Farmer'], ...overrides });

const overview = (...remotes: RegistryRemote[]): RegistryOverview => ({
  remotes: remotes.length > 0 ? remotes : [market()],
  audit: [
    {
      id: 'a1',
      remote: 'market',
      action: 'roles',
      actor: { id: 'u1', name: 'Amina Otieno' },
      at: '2026-11-23T10:30:00Z',
      before: { enabled: true, roles: ['Buyer', 'Farmer', 'Supplier'] },
      after: { enabled: true, roles: ['Buyer', 'Farmer'] },
    },
    {
      id: 'a2',
      remote: 'market',
      action: 'promote',
      actor: { id: null, name: 'operator' },
      at: '2026-11-23T09:00:00Z',
      before: { live: OLD },
      after: { live: LIVE },
    },
  ],
});

function signInAsAdmin(roles: string[] = ['Admin', 'Farmer']) {
  signInAs();
  const user = useSession.getState().user;
  useSession.setState({ user: { ...user!, roles } as typeof user });
}

const renderConsole = () => renderPage(<AdminRemotesPage />, { url: '/admin/remotes' });
const card = (name = 'Market') => screen.findByRole('region', { name });

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
    expect(within(remote).getByText('The marketplace')).toBeInTheDocument();
    const versions = within(within(remote).getByRole('region', { name: 'Versions of Market' })).getAllByRole('listitem');
    expect(versions.map((v) => v.textContent?.slice(0, 8))).toEqual(['cccccccc', 'aaaaaaaa', 'bbbbbbbb']);
    expect(within(versions[1]!).getByText('Live')).toBeInTheDocument();
    expect(within(versions[1]!).queryByRole('button', { name: /Promote/ })).toBeNull();

    // The audit log reads as sentences, with the remote's human name.
    const entries = within(screen.getByRole('list', { name: 'Audit log' })).getAllByRole('listitem');
    expect(entries[0]).toHaveTextContent(/^Amina Otieno switched off Market for Suppliers · 23 Nov/);
    expect(entries[1]).toHaveTextContent(/^operator made version aaaaaaaa of Market live · 23 Nov/);
  });

  it('drafts role changes without calling the API, then publishes them together after a summary of who will see what', async () => {
    signInAsAdmin();
    let remote = market();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview(remote) }),
      'POST /v1/admin/remotes/publish': () => {
        remote = market({ roles: ['Farmer', 'Supplier'] });
        return { body: { remotes: [remote] } };
      },
    });
    renderConsole();
    const who = within(await card()).getByRole('group', { name: 'Who sees Market' });
    await userEvent.click(within(who).getByRole('checkbox', { name: 'Supplier' }));
    await userEvent.click(within(who).getByRole('checkbox', { name: 'Buyer' }));
    expect(within(who).getByRole('checkbox', { name: 'Buyer' })).not.toBeChecked();
    expect(within(who).getByRole('checkbox', { name: 'Supplier' })).toBeChecked();
    expect(within(await card()).getByText('Not published')).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);

    const bar = screen.getByRole('region', { name: 'Changes not published yet' });
    expect(bar).toHaveTextContent('1 remote changed, not published yet');
    await userEvent.click(within(bar).getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish these changes?' });
    const lines = within(within(dialog).getByRole('list', { name: 'Who will see what' })).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual(['Buyers will no longer see Market.', 'Suppliers will now see Market.']);
    expect(api.writes()).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Published');
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/admin/remotes/publish',
        body: { changes: [{ name: 'market', roles: ['Farmer', 'Supplier'] }] },
      }),
    ]);
    expect(screen.queryByRole('region', { name: 'Changes not published yet' })).toBeNull();
    await waitFor(() => expect(within(who).getByRole('checkbox', { name: 'Buyer' })).not.toBeChecked());
  });

  it('publishes drafts of several remotes in one request, a switch-off among them, and can discard them instead', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview(market({ roles: ['*'] }), farm()) }),
      'POST /v1/admin/remotes/publish': () => ({ body: { remotes: [market({ roles: ['Farmer'] }), farm({ enabled: false })] } }),
    });
    renderConsole();
    const marketWho = within(await card()).getByRole('group', { name: 'Who sees Market' });
    await userEvent.click(within(marketWho).getByRole('checkbox', { name: 'Everyone (*)' }));
    await userEvent.click(within(marketWho).getByRole('checkbox', { name: 'Farmer' }));
    await userEvent.click(within(await card('Farm')).getByRole('button', { name: 'Switch off Farm' }));
    expect(within(await card('Farm')).getByRole('button', { name: 'Switch on Farm' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Changes not published yet' })).toHaveTextContent('2 remotes changed');

    // Discard puts everything back as it is live.
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(within(marketWho).getByRole('checkbox', { name: 'Everyone (*)' })).toBeChecked();
    expect(within(await card('Farm')).getByRole('button', { name: 'Switch off Farm' })).toBeInTheDocument();

    await userEvent.click(within(marketWho).getByRole('checkbox', { name: 'Everyone (*)' }));
    await userEvent.click(within(marketWho).getByRole('checkbox', { name: 'Farmer' }));
    await userEvent.click(within(await card('Farm')).getByRole('button', { name: 'Switch off Farm' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish these changes?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual([
      'Admins, Suppliers, Retailers, Buyers, and visitors who are not signed in will no longer see Market.',
      'Farm will be switched off: no one will see it.',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        expect.objectContaining({
          body: {
            changes: [
              { name: 'market', roles: ['Farmer'] },
              { name: 'farm', enabled: false },
            ],
          },
        }),
      ]),
    );
  });

  it("disables the remote's controls while a change is saving", async () => {
    signInAsAdmin();
    let release: () => void = () => undefined;
    mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'POST /v1/admin/remotes/market/promote': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: market({ live: NEW, previous: LIVE }) });
        }),
    });
    renderConsole();
    const remote = within(await card());
    await userEvent.click(remote.getByRole('button', { name: 'Promote cccccccc' }));
    expect(remote.getByRole('checkbox', { name: 'Farmer' })).toBeDisabled();
    expect(remote.getByRole('button', { name: 'Switch off Market' })).toBeDisabled();
    release();
    await waitFor(() => expect(remote.getByRole('checkbox', { name: 'Farmer' })).toBeEnabled());
  });

  it('never offers the seed placeholder: no roll back to it, no promote, no rollout', async () => {
    signInAsAdmin();
    const seed = { ...version('seed', '2026-11-01T09:00:00Z'), sizeBytes: 0 };
    // An older API still names the seed as the version a rollback returns to.
    mockApi({
      'GET /v1/admin/remotes': () => ({
        body: overview(market({ previous: 'seed', versions: [version(LIVE, '2026-11-23T09:00:00Z'), seed] })),
      }),
    });
    renderConsole();
    const remote = within(await card());
    expect(remote.getByRole('button', { name: 'Roll back' })).toBeDisabled();
    expect(remote.queryByRole('button', { name: /seed/ })).toBeNull();
    const rows = within(remote.getByRole('region', { name: 'Versions of Market' })).getAllByRole('listitem');
    expect(rows[1]).toHaveTextContent('placeholder');
    expect(rows[1]).not.toHaveTextContent('0.0 KB');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(remote.getByText('No other version to roll out.')).toBeInTheDocument();
  });

  it('deletes a remote that was never live, after a confirmation; a live one offers no delete', async () => {
    signInAsAdmin();
    const trial = market({ name: 'trial', title: { en: 'Trial', sw: 'Jaribio' }, live: null, previous: null, everLive: false });
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview(market(), trial) }),
      'DELETE /v1/admin/remotes/trial': () => ({ body: {} }),
    });
    renderConsole();
    expect(within(await card()).queryByRole('button', { name: /Delete/ })).toBeNull();
    await userEvent.click(within(await card('Trial')).getByRole('button', { name: 'Delete Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Trial?' });
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ method: 'DELETE', path: '/v1/admin/remotes/trial' })]));
  });

  it('promotes a recorded version', async () => {
    signInAsAdmin();
    const api = mockApi({
      'GET /v1/admin/remotes': () => ({ body: overview() }),
      'POST /v1/admin/remotes/market/promote': () => ({ body: market({ live: NEW, previous: LIVE }) }),
    });
    renderConsole();
    await userEvent.click(within(await card()).getByRole('button', { name: 'Promote cccccccc' }));
    expect(await screen.findByRole('status')).toHaveTextContent('cccccccc is now live for Market.');
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
    expect(await screen.findByRole('status')).toHaveTextContent('Market rolled back to bbbbbbbb.');
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
    const form = within(await screen.findByRole('form', { name: 'Staged rollout of Market' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Version' }), NEW);
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Role' }), 'Buyer');
    await userEvent.clear(form.getByRole('spinbutton', { name: 'Percent' }));
    await userEvent.type(form.getByRole('spinbutton', { name: 'Percent' }), '50');
    await userEvent.click(form.getByRole('button', { name: 'Start rollout' }));
    const rollout = screen.getByRole('region', { name: 'Rollout of Market' });
    await waitFor(() => expect(rollout).toHaveTextContent('Rollout running: version cccccccc for 50% of Buyer users.'));
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', body: { version: NEW, role: 'Buyer', percent: 50 } });

    await userEvent.click(screen.getByRole('button', { name: 'Stop rollout of Market' }));
    expect(await screen.findByRole('button', { name: 'Start rollout' })).toBeInTheDocument();
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/v1/admin/remotes/market/rollout' });
  });

  it('refuses a percent outside 1–99 without calling the API', async () => {
    signInAsAdmin();
    const api = mockApi({ 'GET /v1/admin/remotes': () => ({ body: overview() }) });
    renderConsole();
    const form = within(await screen.findByRole('form', { name: 'Staged rollout of Market' }));
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
