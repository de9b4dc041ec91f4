// Issue 43: a report page reads the presets before any form; they must not bring the schema library.
let mockZodLoaded = false;
jest.mock('zod', () => {
  mockZodLoaded = true;
  return jest.requireActual('zod');
});

it('the report presets and month arithmetic load without zod, and reports.ts still exports them', async () => {
  const dates = await import('./report-dates');
  expect(mockZodLoaded).toBe(false);
  expect(dates.reportRange('last-3-months', '2026-05-20')).toEqual({ from: '2026-03-01', to: '2026-05-20' });
  expect(dates.monthsOf('2026-11-15', '2027-01-02')).toEqual(['2026-11', '2026-12', '2027-01']);
  const reports = await import('./reports');
  expect(reports.REPORT_PRESETS).toBe(dates.REPORT_PRESETS);
});

// A module, not a script: its names stay its own.
export {};
