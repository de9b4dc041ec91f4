const kes = new Intl.NumberFormat('en-KE', {
  style: 'currency',
  currency: 'KES',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats whole shillings for display, e.g. 770000 → "Ksh 770,000" (en-KE), no decimals. */
export function formatKES(amount: number): string {
  return kes.format(Math.round(amount));
}
