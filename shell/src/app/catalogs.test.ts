import { catalogProblems } from '@shambasoko/shared/testing';
import shellEn from '../locales/en.json';
import shellSw from '../locales/sw.json';
import landingEn from '../features/landing/locales/en.json';
import landingSw from '../features/landing/locales/sw.json';
import consoleEn from '../features/admin/locales/en.json';
import consoleSw from '../features/admin/locales/sw.json';
import rareEn from '../locales/rare.en.json';
import rareSw from '../locales/rare.sw.json';

describe('the frame speaks English and Kiswahili', () => {
  it('has every shell key in both languages, with the same placeholders', () => {
    expect(catalogProblems(shellEn, shellSw)).toEqual([]);
  });

  it('has every landing key in both languages, with the same placeholders', () => {
    expect(catalogProblems(landingEn, landingSw)).toEqual([]);
  });

  it('has every remotes-console key in both languages, with the same placeholders', () => {
    expect(catalogProblems(consoleEn, consoleSw)).toEqual([]);
  });

  it('has every key of the 404 and the unavailable notices in both languages, with the same placeholders', () => {
    expect(catalogProblems(rareEn, rareSw)).toEqual([]);
  });

  it('keeps the landing page, the console and the frame apart: no key is in two, so neither rides with the frame', () => {
    expect(Object.keys(landingEn).filter((key) => key in shellEn)).toEqual([]);
    expect(Object.keys(consoleEn).filter((key) => key in shellEn)).toEqual([]);
    expect(Object.keys(rareEn).filter((key) => key in shellEn)).toEqual([]);
  });
});
