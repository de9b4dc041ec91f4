import { act, render, screen } from '@testing-library/react';
import { useSession } from '@shambasoko/shared';
import { MANIFEST_REFRESH_MS, RemotesProvider, useEffectiveRemotes } from './remotes-provider';

const market = (version: string, over: Record<string, unknown> = {}) => ({
  name: 'market',
  version,
  entry: `http://localhost:3002/v/${version}/remoteEntry.js`,
  roles: ['*'],
  enabled: true,
  mounts: [{ path: '/market/*', layout: 'public' }],
  menu: [],
  rollout: null,
  ...over,
});

function Probe() {
  const remotes = useEffectiveRemotes();
  const m = remotes?.[0];
  return <p>{m ? `${m.version} ${m.visibility}` : 'loading'}</p>;
}

describe('RemotesProvider', () => {
  let answer: unknown;
  const fetcher = jest.fn(async () => ({ ok: true, status: 200, json: async () => answer }) as unknown as Response);

  beforeEach(() => {
    jest.useFakeTimers();
    fetcher.mockClear();
    useSession.setState({ role: 'Buyer', userId: 'u1' });
  });
  afterEach(() => jest.useRealTimers());

  const flush = () => act(async () => undefined);
  const start = async () => {
    render(
      <RemotesProvider fetcher={fetcher as unknown as typeof fetch}>
        <Probe />
      </RemotesProvider>,
    );
    await flush();
  };

  it('checks the manifest again every minute and on focus: switches apply, the version stays pinned', async () => {
    answer = { remotes: [market('aaaaaaaa')] };
    await start();
    expect(screen.getByText('aaaaaaaa visible')).toBeTruthy();

    answer = { remotes: [market('bbbbbbbb', { enabled: false })] };
    await act(async () => jest.advanceTimersByTime(MANIFEST_REFRESH_MS));
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(screen.getByText('aaaaaaaa off')).toBeTruthy();

    answer = { remotes: [market('bbbbbbbb', { roles: ['Farmer'] })] };
    await act(async () => jest.advanceTimersByTime(5000));
    await act(async () => window.dispatchEvent(new Event('focus')));
    await flush();
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(screen.getByText('aaaaaaaa role')).toBeTruthy();
  });

  it('keeps the last manifest when a refresh fails', async () => {
    answer = { remotes: [market('aaaaaaaa')] };
    await start();
    fetcher.mockRejectedValueOnce(new Error('offline'));
    await act(async () => jest.advanceTimersByTime(MANIFEST_REFRESH_MS));
    await flush();
    expect(screen.getByText('aaaaaaaa visible')).toBeTruthy();
  });
});
