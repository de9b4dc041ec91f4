import fs from 'node:fs';
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formatMessage, type CompiledMessage } from './format-message';

// format-message.ts replaced Lingui's runtime in the page: on every message of every catalog, with
// every kind of value, it must write what Lingui wrote.
const ROOT = path.resolve(__dirname, '../../..');

function catalogFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return catalogFiles(full);
    return /[\\/]locales[\\/][\w.-]+\.json$/.test(full) ? [full] : [];
  });
}

type Token = string | [string, string?, Record<string, unknown>?];

/** The names a message takes, each with whether it decides a plural. */
function names(tokens: unknown, into = new Map<string, boolean>()): Map<string, boolean> {
  if (!Array.isArray(tokens)) return into;
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type, cases] = token;
    into.set(name, into.get(name) === true || type === 'plural' || type === 'selectordinal');
    for (const branch of Object.values(cases ?? {})) names(branch, into);
  }
  return into;
}

function lingui(message: CompiledMessage, locale: string, values: Record<string, unknown>): string {
  const i18n = setupI18n({ locale, messages: { [locale]: { m: message as never } } });
  return i18n._('m', values);
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 100, 1250, 1000000, 1.5, -1];
const TEXTS = ['Wanjiru', 'Ksh 1,250', '', 'a # b', 'constructor'];

describe('formatMessage answers as Lingui did', () => {
  const files = [
    ...['shell', 'shared', 'mfe-auth', 'mfe-market', 'mfe-farm', 'mfe-legal'].flatMap((dir) => catalogFiles(path.join(ROOT, dir))),
  ];

  it('finds the catalogs of every front end, in both languages', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => /sw\.json$/.test(f))).toBe(true);
  });

  it('on every message of every catalog, with numbers, texts and missing values', () => {
    let compared = 0;
    for (const file of files) {
      const locale = /(^|[.\\/])sw\.json$/.test(file) ? 'sw' : 'en';
      const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      for (const [key, source] of Object.entries(catalog)) {
        const message = compileMessage(source) as CompiledMessage;
        const taken = [...names(message)];
        const cases: Record<string, unknown>[] = [{}];
        for (const count of COUNTS)
          cases.push(Object.fromEntries(taken.map(([name, plural], i) => [name, plural || i % 2 ? count : TEXTS[i % TEXTS.length]])));
        for (const text of TEXTS) cases.push(Object.fromEntries(taken.map(([name, plural]) => [name, plural ? 2 : text])));
        for (const values of cases) {
          const ours = formatMessage(message, locale, values);
          if (ours !== lingui(message, locale, values))
            throw new Error(`${path.relative(ROOT, file)} ${key} ${JSON.stringify(values)}: ${ours}`);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(50_000);
  });

  it('on the forms the catalogs may take: select, ordinals, offsets, exact cases, nesting', () => {
    const messages = [
      '{gender, select, female {She has {count, plural, one {# farm} other {# farms}}} other {They have #}}',
      '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
      '{count, plural, offset:1 =0 {nobody} =1 {{name}} one {{name} and # other} other {{name} and # others}}',
      '{count, plural, one {{kind, select, crop {# crop} other {# thing}}} other {{kind, select, crop {# crops} other {# things}}}}',
      'Plain text with no values',
      "Quoted '{braces}' stay",
    ];
    const values = [
      {},
      { gender: 'female', count: 1 },
      { gender: 'constructor', count: 7 },
      { gender: 'toString' },
      { place: 1 },
      { place: 22 },
      { place: 103 },
      { count: 0, name: 'Otieno' },
      { count: 1, name: 'Otieno' },
      { count: 2, name: 'Otieno' },
      { count: 12, name: 'Otieno' },
      { count: 1, kind: 'crop' },
      { count: 4, kind: 'tool' },
      { count: null, kind: undefined },
      { count: '3', name: 4 },
    ];
    for (const locale of ['en', 'sw'])
      for (const source of messages)
        for (const v of values) {
          const message = compileMessage(source) as CompiledMessage;
          expect([source, v, formatMessage(message, locale, v)]).toEqual([source, v, lingui(message, locale, v)]);
        }
  });

  it('writes numbers for # in the language of the page', () => {
    const message = compileMessage('{count, plural, one {# shamba} other {mashamba #}}') as CompiledMessage;
    expect(formatMessage(message, 'sw', { count: 1250 })).toBe('mashamba 1,250');
    expect(formatMessage(message, 'sw', { count: 1 })).toBe('1 shamba');
  });
});
