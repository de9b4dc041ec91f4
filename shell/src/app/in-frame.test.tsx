import path from 'node:path';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { importChain } from '@shambasoko/shared/testing';
import { InFrame } from './server-data';

// Each frame's module, counted as it loads; the cache's chunk (frames.tsx) as a bare provider.
const mockLoaded: string[] = [];
jest.mock('./frames', () => ({ ServerDataProvider: ({ children }: { children: ReactNode }) => children }));
jest.mock('../layout/dashboard-layout', () => {
  mockLoaded.push('dashboard');
  return { DashboardLayout: ({ children }: { children: ReactNode }) => <div data-testid="dashboard-frame">{children}</div> };
});
jest.mock('../layout/public-frame', () => {
  mockLoaded.push('public');
  return { PublicFrame: ({ children }: { children: ReactNode }) => <div data-testid="public-frame">{children}</div> };
});

test("the query cache's chunk carries neither frame: the market's pages draw their own header", () => {
  for (const frame of ['dashboard-layout', 'public-frame'])
    expect(importChain(__dirname, 'frames.tsx', (_specifier, file) => Boolean(file?.endsWith(`/layout/${frame}.tsx`)))).toBeNull();
});

test('neither frame carries the bell or the account menu again: they come with the cache, in the frame slots', () => {
  for (const frame of ['layout/dashboard-layout.tsx', 'layout/public-frame.tsx'])
    expect(
      importChain(path.join(__dirname, '..'), frame, (_specifier, file) =>
        /[\\/]layout[\\/](notifications-bell|account-menu)\.tsx$/.test(file ?? ''),
      ),
    ).toBeNull();
});

test('a page in a frame loads that frame only, showing its shape until the code is in', async () => {
  const { rerender } = render(
    <InFrame kind="public" loading={<p>shape</p>}>
      <p>legal page</p>
    </InFrame>,
  );
  expect(screen.getByText('shape')).toBeInTheDocument();
  expect(await screen.findByTestId('public-frame')).toHaveTextContent('legal page');
  expect(mockLoaded).toEqual(['public']);

  rerender(
    <InFrame kind="dashboard" loading={<p>shape</p>}>
      <p>farm page</p>
    </InFrame>,
  );
  expect(await screen.findByTestId('dashboard-frame')).toHaveTextContent('farm page');
  expect(screen.queryByTestId('public-frame')).not.toBeInTheDocument();
  expect(mockLoaded).toEqual(['public', 'dashboard']);
});
