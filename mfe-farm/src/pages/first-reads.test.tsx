import { act, screen, waitFor } from '@testing-library/react';
import { renderPage } from '@shambasoko/shared/testing';
import type { ComponentType } from 'react';
import { mockFarmApi } from '../testing/fixtures';
import ActivitiesPage from '../features/activities/activities-page';
import FarmsPage from '../features/farms/farms-page';
import firstReads from './first-reads.json';

// The reads a page's first screen makes (a list page's at its address without filters), named for
// the server to have the page send them early on a first visit (webpack.config.mjs, opens;
// scripts/page-hints.mjs). A page that asks for something else would leave its early answers
// unused: each list is checked here.
// (The dashboard's list is checked with its priming: dashboard/prime-dashboard.test.tsx.)
const PAGES: Record<'/farms' | '/activities', ComponentType> = { '/farms': FarmsPage, '/activities': ActivitiesPage };

describe('the reads a farm list page names for a first visit', () => {
  it.each(Object.keys(PAGES) as Array<keyof typeof PAGES>)('%s names exactly what it asks for', async (path) => {
    const api = mockFarmApi();
    const Page = PAGES[path];
    renderPage(<Page />, { url: path });
    await screen.findByRole('heading', { level: 1 });
    const asked = () => [...new Set(api.calls.filter((c) => c.method === 'GET').map((c) => `${c.url.pathname}${c.url.search}`))].sort();
    await waitFor(() => expect(asked()).toEqual([...firstReads[path]].sort()));
    // Nothing more once the answers are in.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(asked()).toEqual([...firstReads[path]].sort());
  });
});
