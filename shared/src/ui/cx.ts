/** Joins class names, skipping falsy parts (a tiny clsx, so shared/ needs no extra dependency). */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
