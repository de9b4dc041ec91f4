/**
 * A message as the build compiles it (scripts/webpack/catalog-loader.mjs turns each ICU message of a
 * catalog into these tokens): text, `[name]` for a value, `[name, 'plural' | 'selectordinal', cases]`
 * with `#` for the number, and `[name, 'select', cases]`. The page's translation runtime renders them;
 * it answers as Lingui's runtime did on every message of our catalogs (format-message.test.ts compares
 * the two), in a tenth of its size.
 */
import { formatDecimal } from '@shambasoko/contracts/numbers';

export type CompiledMessage = readonly Token[];
type Token = string | readonly [name: string, type?: string, cases?: Readonly<Record<string, unknown>>];

export type FormatValues = Readonly<Record<string, unknown>>;

const own = (object: Readonly<Record<string, unknown>> | undefined, key: string): unknown =>
  object && Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;

const pluralRules = new Map<string, Intl.PluralRules>();

function memo<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** The branch of a plural for `value`: an exact case ("=0" compiles to "0"), else the language's form, else other. */
function pluralCase(locale: string, ordinal: boolean, value: number, cases: Readonly<Record<string, unknown>>, offset: number): unknown {
  const rules = memo(
    pluralRules,
    `${ordinal}${locale}`,
    () => new Intl.PluralRules([locale, 'en'], { type: ordinal ? 'ordinal' : 'cardinal' }),
  );
  return cases[value] ?? cases[rules.select(value - offset)] ?? cases.other;
}

/** `tokens` in `locale`; `count` is what `#` stands for directly inside a plural's branch. */
function render(tokens: unknown, locale: string, values: FormatValues, count?: number): unknown {
  if (!Array.isArray(tokens)) return tokens;
  let text = '';
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') {
      text +=
        // Both of our languages write numbers alike (numbers.ts), without an Intl number format.
        token === '#' && count !== undefined ? formatDecimal(count) : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    // A null value counts as a missing one (NaN in a plural), as in Lingui.
    const value = own(values, name) ?? undefined;
    let part: unknown = value;
    if (type === 'plural' || type === 'selectordinal') {
      const offset = typeof cases.offset === 'number' ? cases.offset : 0;
      const n = value as number;
      part = render(pluralCase(locale, type === 'selectordinal', n, cases, offset), locale, values, n - offset);
    } else if (type === 'select') {
      part = render(own(cases, value as string) ?? cases.other, locale, values);
    }
    if (part != null) text += String(part);
  }
  return text;
}

/** A compiled message with its values, in `locale` (the numbers `#` stands for in its format). */
export function formatMessage(message: CompiledMessage, locale: string, values: FormatValues = {}): string {
  const text = render(message, locale, values);
  return text == null ? '' : String(text);
}
