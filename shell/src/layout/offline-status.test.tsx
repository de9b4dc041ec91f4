import { act, render, screen } from '@testing-library/react';
import { wantOffline } from '../lib/offline-wanted';
import { OfflineStatus } from './offline-status';

const panelLoaded = jest.fn();
jest.mock('../features/offline/offline-panel', () => {
  panelLoaded();
  return { __esModule: true, default: () => <p>offline corner</p> };
});
jest.mock('../features/remotes/remotes-provider', () => ({ useEffectiveRemotes: () => [] }));

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

test("the top bar's offline corner loads only where the device keeps something for it or a page works offline", async () => {
  localStorage.clear();
  // A page that works online only, on a device that keeps nothing: its code is not even loaded.
  const first = render(<OfflineStatus />);
  await settle();
  expect(panelLoaded).not.toHaveBeenCalled();
  expect(screen.queryByText('offline corner')).not.toBeInTheDocument();
  first.unmount();

  // Changes wait on this device (saved by the outbox on an earlier visit): loaded at once, to send them.
  localStorage.setItem('shambasoko.offline.queued', '["farmer-a"]');
  const second = render(<OfflineStatus />);
  expect(await screen.findByText('offline corner')).toBeInTheDocument();
  second.unmount();

  localStorage.clear();
  render(<OfflineStatus />);
  await settle();
  expect(screen.queryByText('offline corner')).not.toBeInTheDocument();
  // A page that works offline opens (the farm's): the corner appears and starts the offline support.
  act(() => wantOffline());
  expect(await screen.findByText('offline corner')).toBeInTheDocument();
  expect(panelLoaded).toHaveBeenCalledTimes(1);
});
