// Made at the first use, not as the module loads: a page's first Intl object costs ~15 ms while the
// browser loads its locale data, and the shell makes it in a start-up task of its own (bootstrap.tsx).
let grouped: Intl.NumberFormat | undefined;
const kenyanGrouping = () => (grouped ??= new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }));

/**
 * The one way ShambaSoko writes money, on every screen and in the API's own messages and notifications:
 * "Ksh 1,250" — whole shillings, Kenyan grouping, a no-break space so the figure never wraps away from
 * "Ksh". Built by hand rather than with Intl's currency style so Node's and the browser's ICU data agree.
 */
export function formatKES(amount: number): string {
  const whole = Math.round(amount);
  return `${whole < 0 ? '-' : ''}Ksh\u00a0${kenyanGrouping().format(Math.abs(whole))}`;
}

/** A price range as people say it: "Ksh 38–45". */
export function formatKESRange(low: number, high: number): string {
  return Math.round(low) === Math.round(high) ? formatKES(low) : `${formatKES(low)}–${kenyanGrouping().format(Math.round(high))}`;
}
