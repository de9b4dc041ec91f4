import { PAPER_WORDS } from './words';

describe('the words of receipts and statements', () => {
  it('has every word in English and in Kiswahili', () => {
    const missing = Object.entries(PAPER_WORDS).flatMap(([key, words]) =>
      (['en', 'sw'] as const)
        .filter((language) => !(words as Record<string, string>)[language]?.trim())
        .map((language) => `${key}.${language}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes Kiswahili, not English again, for every word but names and brands', () => {
    const same = Object.entries(PAPER_WORDS)
      .filter(([, words]) => words.en === words.sw)
      .map(([key]) => key);
    expect(same).toEqual(['mpesa']);
  });
});
