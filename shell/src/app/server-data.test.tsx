import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import type { RemoteRoutes } from '@shambasoko/shared';
import { later } from '../lib/later';
import { needsServerData } from './server-data';

describe('needsServerData', () => {
  const routes: RemoteRoutes = [
    { path: '/auth/sign-in', handle: { title: 'Sign In', crumb: 'Sign In', serverData: false }, element: null },
    { path: '/profile', handle: { title: 'Profile', crumb: 'Profile' }, element: null },
    {
      path: '/market',
      handle: { title: 'Market', crumb: 'Market', serverData: false },
      children: [{ path: 'orders', handle: { title: 'Orders', crumb: 'Orders' }, element: null }],
      element: null,
    },
  ];

  it('is false only when every matched route says so', () => {
    expect(needsServerData(routes, '/auth/sign-in')).toBe(false);
    expect(needsServerData(routes, '/profile')).toBe(true);
    // A layout that reads none does not speak for the page inside it.
    expect(needsServerData(routes, '/market/orders')).toBe(true);
    // Unknown paths (a remote's own not-found page) keep the cache, to be safe.
    expect(needsServerData(routes, '/nowhere')).toBe(true);
  });
});

describe('later', () => {
  class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
    override state = { error: null as string | null };
    static getDerivedStateFromError(error: Error) {
      return { error: error.message };
    }
    override render() {
      return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
    }
  }

  it('renders nothing until the module arrives, then renders it at once on every later use', async () => {
    let resolve!: (m: { word: string }) => void;
    const load = jest.fn(() => new Promise<{ word: string }>((r) => (resolve = r)));
    const code = later(load);
    function Show() {
      const m = code.use();
      return <p>{m ? m.word : 'waiting'}</p>;
    }
    const first = render(<Show />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => resolve({ word: 'ready' }));
    expect(screen.getByText('ready')).toBeInTheDocument();
    first.unmount();
    // Already loaded: the first render has it (no fallback, nothing re-mounted), and nothing loads again.
    render(<Show />);
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary, and loads again on the next start', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ word: 'back' });
    const code = later<{ word: string }>(load);
    function Show() {
      return <p>{code.use()?.word ?? 'waiting'}</p>;
    }
    render(
      <Boundary>
        <Show />
      </Boundary>,
    );
    expect(await screen.findByText('failed: offline')).toBeInTheDocument();
    await expect(code.start()).resolves.toEqual({ word: 'back' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
