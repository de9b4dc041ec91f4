/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { importChain } from '@shambasoko/shared/testing';

/*
 * Issue 43: each buying page carries its own words in its first load, with the few that several of
 * them show (lib/i18n-buy.ts: the summary, the address, the quantity control, the contact buttons, the
 * promo field, the M-Pesa number's problems), never another page's. The words of the product page, the
 * checkout, the cart and a shop were one catalog that each of them and an order's pages loaded whole.
 *
 * The check reads words, not file names: a page carries a page's words when an English catalog it
 * statically imports holds one of them (the same key with the same English), so a shared catalog that
 * gathered them again, under any name, fails it as the old one does.
 */
const OWN_WORDS = ['product', 'checkout', 'cart', 'store'] as const;
type Words = (typeof OWN_WORDS)[number];

const catalog = (file: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(__dirname, 'locales', file), 'utf8')) as Record<string, string>;

/** Each page's own words, as its catalog holds them. */
const WORDS = Object.fromEntries(OWN_WORDS.map((words) => [words, catalog(`${words}.en.json`)])) as Record<Words, Record<string, string>>;

const PAGES: Record<string, Words[]> = {
  'features/orders/order-page.tsx': [],
  // It reads the M-Pesa number's problems (lib/mpesa-phone.ts), which the checkout shows too.
  'features/orders/confirmation-page.tsx': [],
  'features/cart/cart-page.tsx': ['cart'],
  'features/product/product-page.tsx': ['product'],
  'features/storefront/storefront-page.tsx': ['store'],
  // Its promo field and summary are the cart's too, but their words are the shared ones, not the cart's.
  'features/checkout/checkout-page.tsx': ['checkout'],
};

/** The first static import chain from a module (a path under src) to a catalog holding one of a page's own words, if one exists. */
const wordsChain = (entry: string, words: Words) =>
  importChain(__dirname, entry, (specifier) => {
    const file = /(?:^|\/)locales\/([\w.-]+\.json)$/.exec(specifier)?.[1];
    if (!file) return false;
    const held = catalog(file);
    const key = Object.keys(WORDS[words]).find((k) => held[k] === WORDS[words][k]);
    return key === undefined ? false : `(holds '${key}')`;
  });

/** The buying pages whose own words a module loads with it. */
const wordsOf = (entry: string) => OWN_WORDS.filter((words) => wordsChain(entry, words) !== null);

describe('a buying page’s first load', () => {
  it.each(Object.entries(PAGES))('%s carries the own words of %j only', (entry, expected) => {
    expect(wordsOf(entry)).toEqual(expected);
  });

  it('sees a page’s words where a module does load them (the check itself works)', () => {
    expect(wordsChain('features/cart/cart-page.tsx', 'cart')).toMatch(/locales\/cart\.en\.json \(holds 'cart\.\w+'\)$/);
    expect(wordsChain('features/cart/cart-page.tsx', 'store')).toBeNull();
  });
});
