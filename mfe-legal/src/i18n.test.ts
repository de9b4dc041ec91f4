import { catalogProblems } from '@shambasoko/shared/testing';
import en from './locales/en.json';
import sw from './locales/sw.json';
import privacyEn from './locales/privacy.en.json';
import privacySw from './locales/privacy.sw.json';
import termsEn from './locales/terms.en.json';
import termsSw from './locales/terms.sw.json';
import cookiesEn from './locales/cookies.en.json';
import cookiesSw from './locales/cookies.sw.json';
import dataEn from './locales/data.en.json';
import dataSw from './locales/data.sw.json';

test.each([
  ['legal', en, sw],
  ['privacy policy', privacyEn, privacySw],
  ['terms of use', termsEn, termsSw],
  ['cookie policy', cookiesEn, cookiesSw],
  ['data policy', dataEn, dataSw],
])('the %s catalogs agree: every key in both languages, same placeholders and tags', (_name, english, kiswahili) => {
  expect(catalogProblems(english, kiswahili)).toEqual([]);
});
