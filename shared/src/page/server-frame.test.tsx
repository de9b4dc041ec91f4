import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { FrameSkeleton, PageSkeleton } from '../ui/skeleton';
import { HeldServerFrame, hasServerFrame, keepServerFrame } from './server-frame';

// A first visit's page arrives with the server's loading frame in #root (scripts/page-frame.mjs). Every
// loading frame on the way to the page shows that frame's very nodes (so the photos it holds on /market
// stay on screen, neither parsed nor painted again), and once the page has rendered later ones draw
// their own.

const serverPage = (path: string) => {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.innerHTML = '<div class="min-h-screen" data-testid="server-frame"><img alt="" src="/static/products/maize.svg"></div>';
  document.body.append(root);
  return { root, painted: root.firstElementChild };
};
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 5)));

afterEach(() => {
  document.body.innerHTML = '';
});

test('the loading frames on the way to the page hold the nodes the server painted; the page lets them go', async () => {
  const { root, painted } = serverPage('/market');
  keepServerFrame(root);
  const reactRoot = createRoot(root);

  // The shell's app area loading, then the market's layout loading: one hands over to the next in one commit.
  await act(async () => reactRoot.render(<HeldServerFrame />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBe(painted);
  await act(async () => reactRoot.render(<FrameSkeleton shape="grid" />));
  await settle();
  expect(root.querySelector('[data-testid="server-frame"]')).toBe(painted);
  expect(root.querySelector('header')).toBeNull();

  // The page: nothing holds the frame any more, so a later loading frame is the design system's own.
  await act(async () => reactRoot.render(<main>Marketplace</main>));
  await settle();
  expect(hasServerFrame()).toBe(false);
  await act(async () => reactRoot.render(<FrameSkeleton shape="grid" />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBeNull();
  expect(root.querySelector('header')).not.toBeNull();
  await act(async () => reactRoot.unmount());
});

test('a loading frame at another address than the one the server painted for draws its own', async () => {
  const { root } = serverPage('/market');
  keepServerFrame(root);
  window.history.replaceState(null, '', '/cart');
  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<FrameSkeleton shape="rows" />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBeNull();
  expect(root.querySelectorAll('[role="status"]')).toHaveLength(1);
  await act(async () => reactRoot.unmount());
});

test('a page without a frame (the landing page, a page the service worker served) holds nothing', async () => {
  window.history.replaceState(null, '', '/market');
  const root = document.createElement('div');
  keepServerFrame(root);
  expect(hasServerFrame()).toBe(false);
  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<PageSkeleton shape="grid" />));
  expect(root.querySelector('[role="status"]')).not.toBeNull();
  await act(async () => reactRoot.unmount());
});
