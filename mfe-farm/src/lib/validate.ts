/** Field errors by name; an empty object means the form may be sent. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** "Name is required." for every listed key whose value is blank (spec section 5's required fields). */
export function requireFields<V extends object, K extends keyof V & string>(values: V, labels: Record<K, string>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const key of Object.keys(labels) as K[]) {
    const v = values[key];
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) errors[key] = `${labels[key]} is required.`;
  }
  return errors;
}

export const hasErrors = (errors: object) => Object.values(errors).some(Boolean);

/** A number the user typed, or null when it is not one. */
export function parseNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

