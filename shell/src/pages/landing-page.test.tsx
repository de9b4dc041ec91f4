import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemotesManifest } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { renderPage } from '@shambasoko/shared/testing';
import { RemotesProvider } from '../features/remotes/remotes-provider';
import { LandingPage } from './landing-page';

// The chooser is the auth remote's; here a stand-in with the same name and contract.
jest.mock('../features/remotes/load-remote-routes', () => ({
  loadRemoteModule: jest.fn(async () => ({
    default: ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Choose Account" /> : null),
  })),
}));

const manifest: RemotesManifest = {
  remotes: [
    {
      name: 'auth',
      version: 'seed',
      entry: 'http://localhost:3001/remoteEntry.js',
      roles: [],
      enabled: true,
      mounts: [{ path: '/auth/*', layout: 'public' }],
      menu: [],
      rollout: null,
    },
  ],
};

/** The registry's answer (jsdom has no fetch Response). */
const answer = () => ({ ok: true, status: 200, json: async () => manifest }) as unknown as Response;

const account = (uid: string, displayName: string) => ({ uid, email: `${uid}@example.co.ke`, displayName, photoURL: null, lastUsed: 1 });

describe('LandingPage Dashboard button', () => {
  beforeEach(() =>
    useSession.setState({
      user: { uid: 'b', displayName: 'Baraka Mwangi', email: 'b@example.co.ke' },
      userId: 'b',
      accessToken: 'token',
      role: 'Farmer',
      accounts: [account('b', 'Baraka Mwangi'), account('a', 'Amina Wafula')],
    }),
  );

  it('asks which account to continue as when tapped before the remotes manifest has arrived', async () => {
    // The page's first read of the manifest is still on its way when the person taps Dashboard.
    let answerFirst: (response: Response) => void = () => undefined;
    const fetcher = jest
      .fn<Promise<Response>, Parameters<typeof fetch>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answerFirst = resolve)))
      .mockImplementation(async () => answer());
    renderPage(
      <RemotesProvider fetcher={fetcher as unknown as typeof fetch}>
        <LandingPage />
      </RemotesProvider>,
    );
    await userEvent.setup().click((await screen.findAllByRole('button', { name: 'Dashboard' }))[0]!);
    expect(await screen.findByRole('dialog', { name: 'Choose Account' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    await act(async () => answerFirst(answer()));
  });
});
