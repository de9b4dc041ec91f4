import { exportFileName } from './service';

describe('the data export file name', () => {
  it("carries Nairobi's date, not the server's", () => {
    expect(exportFileName(new Date('2026-11-30T22:30:00Z'))).toBe('shambasoko-my-data-2026-12-01.json');
    expect(exportFileName(new Date('2026-11-30T20:59:59Z'))).toBe('shambasoko-my-data-2026-11-30.json');
  });
});
