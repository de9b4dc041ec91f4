// Numbers as both of our languages write them (English and Kiswahili in Kenya: "1,234,567.5"), built
// by hand. A page's first Intl.NumberFormat costs ~23 ms of the main thread while the browser loads its
// number data (about four times that on a mid-range phone), and every page showing a price or a count
// paid it while starting up. The text is Intl's own (numbers.test.ts compares them over many
// values); what a plain string of digits cannot say (NaN, the infinities, exponents) still goes to Intl.

/** A run of digits in groups of three: "1234567" → "1,234,567". */
function grouped(digits: string): string {
  let text = digits.slice(0, digits.length % 3 || 3);
  for (let i = text.length; i < digits.length; i += 3) text += `,${digits.slice(i, i + 3)}`;
  return text;
}

/** A run of decimal digits plus one in its last place: "1299" → "1300", "99" → "100". */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i -= 1;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${String.fromCharCode(digits.charCodeAt(i) + 1)}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * `value` with at most `maxFractionDigits` decimals and its whole part grouped by thousands: what
 * `new Intl.NumberFormat('en-KE' | 'sw-KE', { maximumFractionDigits })` writes. Like Intl, it rounds
 * the number's shortest decimal form (31.65 → "31.7"), halves away from zero, drops trailing zeros,
 * and writes "-0" for a negative that rounds to nothing.
 */
export function formatDecimal(value: number, maxFractionDigits = 3): string {
  const digits = Math.min(20, Math.max(0, Math.trunc(maxFractionDigits)));
  // The shortest decimal form that reads back as the same number (what Intl rounds).
  const shortest = String(Math.abs(value));
  // NaN, the infinities, and sizes written with an exponent (below 1e-6, from 1e21).
  if (!/^\d+(\.\d+)?$/.test(shortest)) return new Intl.NumberFormat('en-KE', { maximumFractionDigits: digits }).format(value);
  const point = shortest.indexOf('.');
  let whole = point < 0 ? shortest : shortest.slice(0, point);
  let fraction = point < 0 ? '' : shortest.slice(point + 1);
  if (fraction.length > digits) {
    const up = fraction.charCodeAt(digits) >= 53; // '5'
    fraction = fraction.slice(0, digits);
    if (up) {
      const next = plusOne(whole + fraction);
      whole = next.slice(0, next.length - digits);
      fraction = next.slice(next.length - digits);
    }
  }
  fraction = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${grouped(whole)}${fraction === '' ? '' : `.${fraction}`}`;
}
