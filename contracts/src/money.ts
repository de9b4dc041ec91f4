import { formatDecimal } from './numbers';

/**
 * The one way ShambaSoko writes money, on every screen and in the API's own messages and notifications:
 * "Ksh 1,250" — whole shillings, Kenyan grouping, a no-break space so the figure never wraps away from
 * "Ksh". Built by hand rather than with Intl (numbers.ts): Node's and the browser's ICU data may not agree,
 * and a page's first Intl number format costs ~23 ms of its start-up.
 */
export function formatKES(amount: number): string {
  const whole = Math.round(amount);
  return `${whole < 0 ? '-' : ''}Ksh\u00a0${formatDecimal(Math.abs(whole), 0)}`;
}

/** A price range as people say it: "Ksh 38–45". */
export function formatKESRange(low: number, high: number): string {
  return Math.round(low) === Math.round(high) ? formatKES(low) : `${formatKES(low)}–${formatDecimal(Math.round(high), 0)}`;
}
