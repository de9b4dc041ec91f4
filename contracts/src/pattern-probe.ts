/** Without a pattern of its own: the probe's patterns would run through the probe. */
const oneClass = (source: string) => source.startsWith('[') && source.indexOf(']') === source.length - 1;

/**
 * For tests: the longest text any regular expression ran on while `run` ran. Says whether a length check
 * came before a pattern without timing anything (a timed test fails on a busy machine, not on a fault).
 * A pattern that is one character class (zod's own surrogate probe in its length check) cannot backtrack,
 * so it is not counted.
 */
export function longestPatternInput(run: () => unknown): number {
  const proto = RegExp.prototype as unknown as Record<string | symbol, (this: RegExp, ...args: unknown[]) => unknown>;
  const names: (string | symbol)[] = ['exec', 'test', Symbol.match, Symbol.matchAll, Symbol.replace, Symbol.search, Symbol.split];
  const originals = names.map((name) => proto[name]!);
  let longest = 0;
  names.forEach((name, i) => {
    const original = originals[i]!;
    proto[name] = function probed(this: RegExp, ...args: unknown[]) {
      if (typeof args[0] === 'string' && !oneClass(this.source)) longest = Math.max(longest, args[0].length);
      return original.apply(this, args);
    };
  });
  try {
    run();
  } finally {
    names.forEach((name, i) => {
      proto[name] = originals[i]!;
    });
  }
  return longest;
}
