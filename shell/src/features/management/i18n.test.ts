import { catalogProblems } from '@shambasoko/shared/testing';
import en from './locales/en.json';
import sw from './locales/sw.json';

it('has every Management key in English and Kiswahili, with the same placeholders', () => {
  expect(catalogProblems(en, sw)).toEqual([]);
});
