// Replaces @module-federation/runtime-core's utils/semver/ (five files, 11.7 KB raw) in our builds. The
// runtime needs only satisfy(version, range): to check a shared singleton's version against a remote's
// requiredVersion, and to order versions (versionLt(a, b) is satisfy(a, '<=' + b)). The answers are
// runtime-core 2.9.2's, quirks included (slim-runtime-semver.test.ts compares the two): a prerelease
// version matches any range its numbers fall in, '1.0.0-rc.1' ranks below '1.0.0-rc', '>=0.0.0' alone
// matches nothing, and only the first operator of a range may have a space after it.

const NUM = '0|[1-9]\\d*';
const ID = `(?:${NUM}|\\d*[a-zA-Z-][a-zA-Z\\d-]*)`;
const TAIL = `(?:-(${ID}(?:\\.${ID})*))?(?:\\+[a-zA-Z\\d-]+(?:\\.[a-zA-Z\\d-]+)*)?`; // -prerelease+build
const X = `(${NUM}|[xX*])`;
const PARTIAL = `[v=\\s]*${X}(?:\\.${X}(?:\\.${X}${TAIL})?)?`; // '1', '1.x', '1.2.3-rc.1'
const VERSION = new RegExp(`^([<>]?=?)\\s*v?(${NUM})\\.(${NUM})\\.(${NUM})${TAIL}$`);
const WORD = new RegExp(`^(\\^|~>?|[<>]?=?)${PARTIAL}$`);
const HYPHEN = new RegExp(`^(?<from>${PARTIAL})\\s+-\\s+(?<to>${PARTIAL})$`);

// '>=1.2.3-rc.1' as ['>=', '1', '2', '3', 'rc', '1'], or [].
function parse(text) {
  const m = VERSION.exec(text) ?? [];
  return [...m.slice(1, 5), ...(m[5]?.split('.') ?? [])];
}

// 1 if the range's ids rank above the version's: a missing id ranks highest, other ids compare with `>`.
function compare(a, b) {
  for (let i = 0; i < a.length || i < b.length; i++) {
    if (a[i] === b[i]) continue;
    if (!a[i] || !b[i]) return a[i] ? -1 : 1;
    const [x, y] = [+a[i] || a[i], +b[i] || b[i]];
    return x > y ? 1 : x === y ? 0 : -1;
  }
  return 0;
}

function test(comparator, ids) {
  const [op, ...c] = parse(comparator);
  const order = compare(c, ids);
  const same = c.join('.') === ids.join('.');
  return { '': same, '=': same, '>': order < 0, '>=': order < 0 || same, '<': order > 0, '<=': order > 0 || same }[op];
}

// '^1.2', '~1.2.3', '>=1', '1.x', '*'... as plain comparators; a full version stays as it is.
function desugar(word) {
  const w = WORD.exec(word);
  if (!w) return word;
  const [, op, M, m, p, pre] = w;
  if (isNaN(M)) return op === '<' || op === '>' ? '<0.0.0-0' : ''; // isNaN: none, x, X or *
  const xm = isNaN(m);
  const xp = xm || isNaN(p);
  if (!xp && !/^[~^]/.test(op)) return word;
  const low = xp ? `${M}.${xm ? 0 : m}.0` : `${M}.${m}.${p}${pre ? `-${pre}` : ''}`;
  // The part the upper end raises: 1 for ~1.2.3 and 1.2.x, 0 for ^1.2, 1 for ^0.2, 2 for ^0.0.2
  let i = xm ? 0 : 1;
  if (op === '^' && !xm) i = M > 0 ? 0 : xp || m > 0 ? 1 : 2;
  const high = [M, m, p].map((n, j) => (j < i ? n : j > i ? 0 : +n + 1)).join('.');
  const half = { '>': `>=${high}`, '>=': `>=${low}`, '<': `<${low}-0`, '<=': `<${high}-0` }[op];
  return half ?? `>=${low} <${high}-0`;
}

export function satisfy(version, range) {
  const [, ...ids] = parse(version);
  if (!ids.length) return false;
  return range.split('||').some((part) => {
    const all = part
      .trim()
      .replace(HYPHEN, '>=$<from> <=$<to>')
      .replace(/(\s*)([<>]?=?)\s*(?=[v=\s]*[\dxX*])/, '$1$2')
      .replace(/~>?\s+/, '~')
      .replace(/\^\s+/, '^')
      .split(/\s+/)
      .flatMap((word) => desugar(word).split(' '))
      .filter(Boolean);
    const comparators = all.filter((c) => c !== '>=0.0.0');
    return !all.length || (comparators.length > 0 && comparators.every((c) => test(c, ids)));
  });
}
