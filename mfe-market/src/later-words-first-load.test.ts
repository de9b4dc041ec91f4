/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importChain } from '@shambasoko/shared/testing';

/*
 * The words of a part that shows only after a tap are their own namespace, loaded with the part's code:
 * the Reviews tab and the service request dialog of a product page (i18n-reviews.ts, i18n-service.ts),
 * the Filters form of /market (i18n-filters.ts). As buy-pages-first-load.test.ts does, the check reads
 * words, not file names: a module carries a part's words when an English catalog it statically imports
 * holds one of them (the same key with the same English).
 */
const catalog = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(__dirname, 'locales', file), 'utf8')) as Record<string, string>;

/** The first static import chain from a module (a path under src) to a catalog holding one of `words`, if one exists. */
const wordsChain = (entry: string, words: Record<string, string>) =>
  importChain(__dirname, entry, (specifier) => {
    const file = /(?:^|\/)locales\/([\w.-]+\.json)$/.exec(specifier)?.[1];
    if (!file) return false;
    const held = catalog(file);
    const key = Object.keys(words).find((k) => held[k] === words[k]);
    return key === undefined ? false : `(holds '${key}')`;
  });

const PARTS: Array<[string, string, string[]]> = [
  ["the Reviews tab's", 'reviews.en.json', ['features/product/product-page.tsx']],
  ["the service request form's", 'service.en.json', ['features/product/product-page.tsx']],
  [
    "the Filters form's",
    'filters.en.json',
    ['features/catalog/market-page.tsx', 'layout/market-layout.tsx', 'components/product-card.tsx'],
  ],
];

describe('words that load with their part', () => {
  it.each(PARTS.flatMap(([part, file, entries]) => entries.map((entry) => [entry, part, file] as const)))(
    '%s leaves out %s words',
    (entry, _part, file) => {
      expect(wordsChain(entry, catalog(file))).toBeNull();
    },
  );

  it.each(PARTS.map(([part, file]) => [part, file] as const))('%s words are loaded by their part', (_part, file) => {
    const part = {
      'reviews.en.json': 'features/product/components/reviews-section.tsx',
      'service.en.json': 'features/product/components/service-request-form.tsx',
      'filters.en.json': 'features/catalog/components/filters-panel.tsx',
    }[file]!;
    expect(wordsChain(part, catalog(file))).toMatch(new RegExp(`locales/${file.replace('.', '\\.')} \\(holds '`));
  });
});
