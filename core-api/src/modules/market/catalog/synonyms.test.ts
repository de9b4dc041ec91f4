import { SEARCH_SYNONYMS } from '@shambasoko/contracts';
import { SYNONYM_GROUPS, expandSearch } from './synonyms';

describe('the synonym list', () => {
  it('holds lowercase, single-spaced words, each in one group only', () => {
    const terms = SEARCH_SYNONYMS.flat();
    for (const term of terms) expect(term).toBe(term.trim().replace(/\s+/g, ' ').toLowerCase());
    expect(new Set(terms).size).toBe(terms.length);
    expect(SEARCH_SYNONYMS.every((group) => group.length >= 2)).toBe(true);
  });
});

describe('expandSearch', () => {
  it('maps Kiswahili words to their English names and back', () => {
    expect(expandSearch('mbolea', false)).toEqual([['mbolea', 'fertiliser']]);
    expect(expandSearch('maize', false)).toEqual([['maize', 'mahindi', 'corn']]);
    expect(expandSearch('ndizi', false)).toEqual([['ndizi', 'bananas']]);
  });

  it('matches a listed phrase whole before its words, and drops the words that join a phrase', () => {
    expect(expandSearch('mbegu za mahindi', false)).toEqual([['mbegu za mahindi', 'maize seed']]);
    expect(expandSearch('dawa ya wadudu', false)).toEqual([['dawa ya wadudu', 'pesticide', 'insecticide']]);
    expect(expandSearch('mahindi ya mbegu', false)).toEqual([
      ['mahindi', 'maize', 'corn'],
      ['mbegu', 'seed', 'seeds'],
    ]);
  });

  it('keeps the other words as typed, every group required', () => {
    expect(expandSearch('mbolea dap', false)).toEqual([['mbolea', 'fertiliser'], ['dap']]);
    expect(expandSearch('nakuru nyanya -cherry', false)).toEqual([['nyanya', 'tomatoes'], ['nakuru -cherry']]);
  });

  it('leaves texts with nothing listed, quotes or "or" as typed', () => {
    expect(expandSearch('organic', false)).toBeUndefined();
    expect(expandSearch('"mbolea" dap', false)).toBeUndefined();
    expect(expandSearch('mahindi or maharagwe', false)).toBeUndefined();
    // An excluded word is never a synonym.
    expect(expandSearch('-mbolea', false)).toBeUndefined();
  });

  it('takes a typo of a listed word only in typo mode, never in a short word', () => {
    expect(expandSearch('mbolae', false)).toBeUndefined();
    expect(expandSearch('mbolae', true)).toEqual([['mbolae', 'mbolea', 'fertiliser']]);
    expect(expandSearch('sukuma wikki', true)).toEqual([['sukuma wikki', 'sukuma wiki', 'sukuma', 'kale']]);
    expect(expandSearch('kuka', true)).toBeUndefined();
  });

  it('counts a letter dropped, added, changed or swapped as one edit, and two from nine letters on, however often a word comes back', () => {
    for (let round = 0; round < 2; round += 1) {
      // "mbolea": dropped, added, changed, swapped; two edits are too many for six letters.
      for (const typo of ['mblea', 'mbolewa', 'mbolia', 'mbloea']) expect(expandSearch(`${typo} mpya`, true)?.[0]?.[1]).toBe('mbolea');
      expect(expandSearch('mbloia', true)).toBeUndefined();
      // "fertiliser" (ten letters): two edits.
      expect(expandSearch('fretilisr', true)?.[0]).toContain('mbolea');
      expect(expandSearch('fretilsr', true)).toBeUndefined();
    }
  });
});

describe('the product kinds in the synonyms (issue 43)', () => {
  it('adds the kinds’ English and Kiswahili names: to the group of a listed name, or as a group of their own', () => {
    const terms = SYNONYM_GROUPS.flat();
    expect(new Set(terms).size).toBe(terms.length);
    expect(expandSearch('maembe', false)).toEqual([['maembe', 'mangoes']]);
    expect(expandSearch('cabbages', false)).toEqual([['cabbages', 'kabichi', 'cabbage']]);
    expect(expandSearch('mbolea ya dap', false)?.[0]?.slice(0, 2)).toEqual(['mbolea ya dap', 'dap fertiliser']);
    expect(expandSearch("chakula cha ng'ombe", false)?.[0]?.slice(0, 2)).toEqual(["chakula cha ng'ombe", 'dairy meal']);
    // Names already listed together change nothing.
    expect(expandSearch('maize', false)).toEqual([['maize', 'mahindi', 'corn']]);
    expect(expandSearch('sukuma', false)).toEqual([['sukuma', 'sukuma wiki', 'kale']]);
  });
});

describe('a product kind of several words keeps its words’ own synonyms', () => {
  it('"dap fertiliser" still finds a listing titled "DAP mbolea", as before the kinds joined', () => {
    expect(expandSearch('dap fertiliser', false)).toEqual([['dap fertiliser', 'mbolea ya dap', 'fertiliser dap', 'mbolea dap']]);
    expect(expandSearch('mbolea ya dap', false)).toEqual([['mbolea ya dap', 'dap fertiliser', 'mbolea dap', 'fertiliser dap']]);
  });

  it('leaves the hand-written phrases whole', () => {
    expect(expandSearch('sukuma wiki', false)).toEqual([['sukuma wiki', 'sukuma', 'kale']]);
  });
});
