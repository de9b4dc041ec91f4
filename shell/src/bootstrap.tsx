import { startTransition } from 'react';

/** Ends the current task, so the browser can handle input and paint before the next step runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start(root: HTMLElement) {
  // Starting up on a slow phone was one long task (React DOM's setup, the router, the shared package,
  // the app's modules, the first render). Now each runs in a task of their own (eager imports: same
  // chunk, no extra request), and the first render runs as a transition, which React splits into
  // short slices. The router and the shared package are imported here only to run their start-up
  // code early; naming one export each (rather than taking the whole namespace) keeps the bundler's
  // tree shaking of them.
  // First, on any page but the landing page, its manifest, code and remote start loading: before
  // React DOM sets up, which they do not need (on a repeat visit the remote's entry was asked for
  // ~50 ms sooner, unthrottled).
  const { headStart } = await import(/* webpackMode: "eager" */ './app/head-start');
  headStart(window.location.pathname);
  await nextTask();
  const { createRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const { BrowserRouter: _router } = await import(/* webpackMode: "eager" */ 'react-router-dom');
  await nextTask();
  const { currentLocale, keepServerFrame, loadNamespace } = await import(/* webpackMode: "eager" */ '@shambasoko/shared');
  await nextTask();
  const { App } = await import(/* webpackMode: "eager" */ './app/app');
  keepServerFrame(root);
  await nextTask();
  // In Kiswahili the frame's and the design system's words (and the landing page's, when it is the page) arrive before the first
  // render, so the frame never suspends the whole app; remotes wait inside their own Suspense boundaries.
  if (currentLocale() !== 'en')
    await Promise.all([loadNamespace('shell'), loadNamespace('ui'), window.location.pathname === '/' && loadNamespace('landing')]);
  startTransition(() => createRoot(root).render(<App />));
  // Offline support after the page is up: its own small chunk, never in the first one.
  const registerWorker = () => void import('./features/offline/register-sw').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') setTimeout(registerWorker, 1000);
  else window.addEventListener('load', () => setTimeout(registerWorker, 1000), { once: true });
}

const root = document.getElementById('root');
if (root) void start(root);
