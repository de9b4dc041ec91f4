import { catalogProblems } from '../testing';
import en from './locales/en.json';
import sw from './locales/sw.json';

it('the offline catalog has every English message in Kiswahili, with the same placeholders', () => {
  expect(catalogProblems(en, sw)).toEqual([]);
});
