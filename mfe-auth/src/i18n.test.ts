import { catalogProblems } from '@shambasoko/shared/testing';
import en from './locales/en.json';
import sw from './locales/sw.json';

test('the auth catalogs agree: every key in both languages, same placeholders and tags', () => {
  expect(catalogProblems(en, sw)).toEqual([]);
});
