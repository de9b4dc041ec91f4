import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '@shambasoko/shared';
import { LandingPage } from './pages/landing-page';
import { RemotesProvider } from './remotes/remotes-provider';

// The landing page is the first thing most visitors see on mobile data: it renders without the
// remote-loading and server-data code, which arrive with the first other page.
const AppArea = lazy(() => import('./routing/app-area'));

export function App() {
  return (
    <BrowserRouter>
      <RemotesProvider>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route
            path="*"
            element={
              <Suspense fallback={<PageSpinner />}>
                <AppArea />
              </Suspense>
            }
          />
        </Routes>
      </RemotesProvider>
    </BrowserRouter>
  );
}
