import { formatKES } from './kes';

describe('formatKES', () => {
  it('formats whole shillings with Kenyan grouping and no decimals', () => {
    const text = formatKES(770000);
    expect(text).toMatch(/770,000/);
    expect(text).toMatch(/Ksh|KES/);
    expect(text).not.toMatch(/\.\d/);
  });

  it('rounds fractions instead of showing cents', () => {
    expect(formatKES(349.6)).toMatch(/350/);
    expect(formatKES(349.6)).not.toMatch(/349/);
  });

  it('formats negative amounts (overspend)', () => {
    expect(formatKES(-1500)).toMatch(/1,500/);
    expect(formatKES(-1500)).toMatch(/-|−|\(/);
  });
});
