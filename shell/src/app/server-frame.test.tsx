import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { ServerFrame, keepServerFrame } from './server-frame';

// The first render's fallback, while the app area's code loads, is the frame the server painted
// (its own nodes, so the page does not repaint it), not a spinner between two frames.
test('the first render keeps the nodes of the frame the server painted, once; then the spinner', async () => {
  const root = document.createElement('div');
  root.innerHTML = '<div class="min-h-screen" data-testid="server-frame"><span>S</span></div>';
  document.body.append(root);
  const painted = root.firstElementChild;
  keepServerFrame(root);

  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<ServerFrame />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBe(painted);
  expect(root.querySelector('.animate-spin')).toBeNull();
  expect(root.firstElementChild?.className).toBe('contents');

  // Gone with the first render's fallback: a later one (another page's code loading) is the spinner.
  await act(async () => reactRoot.render(<p>app area</p>));
  await act(async () => reactRoot.render(<ServerFrame />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBeNull();
  expect(root.querySelector('[role="status"]')).not.toBeNull();
  await act(async () => reactRoot.unmount());
  root.remove();
});

test('a page without a frame (the landing page, a page the service worker served) falls back to the spinner', async () => {
  const root = document.createElement('div');
  keepServerFrame(root);
  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<ServerFrame />));
  expect(root.querySelector('[role="status"]')).not.toBeNull();
  await act(async () => reactRoot.unmount());
});
