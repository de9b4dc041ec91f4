/**
 * Splits whole shillings in proportion to weights so the parts add up to the amount exactly
 * (largest remainder). Weights that are all zero share nothing: the caller keeps the amount.
 */
export function shareOut(amount: number, weights: readonly number[]): number[] | undefined {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (!(sum > 0)) return undefined;
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, p) => a + p, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
