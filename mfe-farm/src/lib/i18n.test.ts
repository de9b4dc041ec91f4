import { catalogProblems } from '@shambasoko/shared/testing';
import en from '../locales/en.json';
import sw from '../locales/sw.json';

test("the farm namespace's Kiswahili has every key, placeholder and tag of its English", () => {
  expect(catalogProblems(en, sw)).toEqual([]);
});
