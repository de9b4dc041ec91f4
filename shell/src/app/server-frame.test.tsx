import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { keepServerFrame } from '@shambasoko/shared';
import { ServerFrame } from './server-frame';

// The app area's loading frame on the first render is the frame the server painted (its own nodes, so
// the page does not repaint it); without one, a spinner.
test('the first render holds the nodes of the frame the server painted', async () => {
  const root = document.createElement('div');
  root.innerHTML = '<div class="min-h-screen" data-testid="server-frame"><span>S</span></div>';
  document.body.append(root);
  const painted = root.firstElementChild;
  keepServerFrame(root);
  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<ServerFrame />));
  expect(root.querySelector('[data-testid="server-frame"]')).toBe(painted);
  expect(root.querySelector('.animate-spin')).toBeNull();
  await act(async () => reactRoot.unmount());
  root.remove();
});

test('a page without a frame (the landing page, a page the service worker served) shows the spinner', async () => {
  const root = document.createElement('div');
  keepServerFrame(root);
  const reactRoot = createRoot(root);
  await act(async () => reactRoot.render(<ServerFrame />));
  expect(root.querySelector('.animate-spin')).not.toBeNull();
  await act(async () => reactRoot.unmount());
});
