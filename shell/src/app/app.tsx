import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { lazyPage } from '@shambasoko/shared';
import { RemotesProvider } from '../features/remotes/remotes-provider';
import { ServerFrame } from './server-frame';

// The landing page is the first thing most visitors see on mobile data: it renders without the
// remote-loading and server-data code, which arrive with the first other page. Its own code is a
// chunk of its own, which the other pages never load (the head start asks for it on '/', and a
// first visit's page preloads it: scripts/page-hints.mjs).
const appArea = lazyPage(() => import(/* webpackChunkName: "app" */ './app-area'), <ServerFrame />);
const landingPage = lazyPage(() => import('../pages/landing-page').then((m) => ({ default: m.LandingPage })));

export function App() {
  return (
    <BrowserRouter>
      <RemotesProvider>
        <Routes>
          <Route path="/" element={landingPage} />
          <Route path="*" element={appArea} />
        </Routes>
      </RemotesProvider>
    </BrowserRouter>
  );
}
