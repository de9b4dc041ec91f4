import { REPORT_WORDS } from './words';

it('has every word of the farm report in English and Kiswahili, and they differ where a word is not a name', () => {
  for (const [key, word] of Object.entries(REPORT_WORDS)) {
    expect(`${key}: ${word.en.trim() !== '' && word.sw.trim() !== ''}`).toBe(`${key}: true`);
  }
  expect(Object.values(REPORT_WORDS).filter((w) => (w.en as string) === w.sw)).toEqual([]);
});
