import { execFileSync } from 'node:child_process';
import path from 'node:path';

// slim-runtime/semver.mjs stands in for runtime-core's utils/semver/ and must answer as it does, quirks
// included. Both are ES modules, so a child process runs the two satisfy functions over each list of
// (version, range) pairs: hand-picked ones, and ones generated from versions with numbers 0 to 3.
const root = path.resolve(__dirname, '../..');
const ours = path.join(__dirname, 'slim-runtime/semver.mjs');
const runtimeCore = path.join(root, 'node_modules/@module-federation/runtime-core/dist/utils/semver/index.js');

type Pair = [version: string, range: string];
type Answer = { version: string; range: string; ours: boolean; runtimeCore: boolean };

function answers(pairs: Pair[]): Answer[] {
  const script = `
    import { readFileSync } from 'node:fs';
    const ours = await import(${JSON.stringify(ours)});
    const runtimeCore = await import(${JSON.stringify(runtimeCore)});
    const pairs = JSON.parse(readFileSync(0, 'utf8'));
    const run = (satisfy) => pairs.map(([version, range]) => (satisfy(version, range) ? 1 : 0)).join('');
    process.stdout.write(JSON.stringify([run(ours.satisfy), run(runtimeCore.satisfy)]));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    encoding: 'utf8',
    input: JSON.stringify(pairs),
  });
  const [oursAnswers, runtimeCoreAnswers] = JSON.parse(output) as [string, string];
  return pairs.map(([version, range], i) => ({
    version,
    range,
    ours: oursAnswers[i] === '1',
    runtimeCore: runtimeCoreAnswers[i] === '1',
  }));
}

/** Checks that both answer alike on every pair (listing the pairs where they do not), and not always the same. */
function expectSameAnswers(pairs: Pair[]) {
  const all = answers(pairs);
  expect(all).toHaveLength(pairs.length);
  expect(all.filter((a) => a.ours !== a.runtimeCore)).toEqual([]);
  const matched = all.filter((a) => a.ours).length;
  expect([matched > pairs.length / 20, matched < pairs.length * 0.95]).toEqual([true, true]);
}

/** 'a,b', 'c' as ['a', 'b', 'c'] (no range here has a comma). */
const list = (...lines: string[]) => lines.flatMap((line) => line.split(','));

const cross = (versions: string[], ranges: string[]): Pair[] =>
  versions.flatMap((version) => ranges.map((range): Pair => [version, range]));

// Ranges and versions our own package.json files use (requiredVersion is the app's dependency range).
const ourRanges = ['^18.3.1', '^19.1.0', '~5.104.5', '^7.9.0', '^7.92.0', '^5.0.8', '18.3.1', '7.18.5', '5.104.5'];
const ourVersions = ['18.3.1', '18.2.0', '18.10.0', '19.1.0', '19.0.0-rc.1', '5.104.5', '5.104.9', '5.105.0'];

describe("slim-runtime/semver.mjs's satisfy", () => {
  it('answers as runtime-core does on hand-picked ranges', () => {
    const ranges = [
      ...ourRanges,
      '',
      ...list(
        // Exact versions and each operator, full and partial
        '1.2.3,=1.2.3,v1.2.3,=v1.2.3,1.2.3+build.5,0.0.0,==1.2.3,v=1.2.3',
        '>1.2.3,>=1.2.3,<1.2.3,<=1.2.3,>=0.0.0,>0.0.0,<0.0.0,<=0.0.0',
        '>1,>=1,<1,<=1,>1.2,>=1.2,<1.2,<=1.2,=1,=1.2,>0,>=0,<0,<=0',
        // Carets (0.x and 0.0.x included) and tildes
        '^1.2.3,^0.2.3,^0.0.3,^0.0.0,^1.2,^0.2,^0.0,^1,^0,^1.x,^0.x,^0.0.x',
        '^1.2.3-beta.1,^0.2.3-beta,^0.0.3-beta,^*,^x,^v1.2.3,^1.2.3+build',
        '~1.2.3,~1.2,~1,~0.2.3,~0,~1.2.3-beta.2,~>1.2.3,~>1.2,~*,~1.x,~v1.2',
        // X-ranges and partial versions
        '1,1.2,1.x,1.X,1.2.x,1.2.*,1.*.*,1.x.3,*,x,X,v1,=1.x,>=*,>*,<*,<=x,>1.x,<=1.2.x,>=1.x,<1.2.*',
        // Hyphen ranges, partial on either side
        '1.2.3 - 2.3.4,1.2 - 2.3.4,1.2.3 - 2.3,1.2.3 - 2,1 - 2,0 - 0,* - 2,1.2.3 - *,1.x - 2.x,=1.2.3 - 2',
        '1.2.3-beta.1 - 2.3.4-rc.1,v1.2.3 - v2.3.4,1.2.3+build - 2.3.4+build',
        // AND and OR
        '>=1.2.3 <2.0.0,>=1.2.3 <2,>1 <3,>=1.2.3 <=2.3.4,^1.2.3 ~1.3,1.x >=1.2.3,>=0.0.0 <1,>1.2.3 <1.2.3',
        '>=1.0.0-rc.1 <1.0.0,1.2.3 || 2.3.4,^1.2.3 || ^2.0.0,<1 || >=3,1 - 2 || 3.x,^0.1 || ^0.2',
        '|| 1.2.3,1.2.3 ||,>=0.0.0 || 1.2.3,x || 1.2.3,1.2.3||2.3.4, || ',
        // Whitespace
        '  ^1.2.3  ,>= 1.2.3,> = 1.2.3,>=1.2.3  <2.0.0,>=1.2.3\t<2.0.0,>= 1.2.3 < 2.0.0,< 2.0.0 >=1.2.3',
        '^ 1.2.3,~ 1.2.3,~> 1.2.3,^1.2.3 || ~ 2.0, 1.2.3 - 2.3.4 ,1.2.3  -  2.3.4,^1.2.3 >= 1.0.0,~ 1.2 ~ 1,~ 1.2 ^ 1',
        // Prereleases in the range
        '1.2.3-beta.1,>1.2.3-beta,>=1.2.3-beta.1,<1.2.3-beta.10,<=1.2.3-0,>1.2.3-alpha.1,<1.2.3-rc,>=1.2.3-1',
        '>1.0.0-1,<1.0.0-beta,>=1.2.3-beta.x,<2.0.0-0,1.2.3-0',
        // Not ranges
        '1.2.3.4,01.2.3,latest,>>1,=>1.2.3,a.b.c,1.2.3 -,- 1.2.3,^1.2.3 -,1.2.3 - - 2',
      ),
    ];
    const versions = [
      ...ourVersions,
      '',
      ...list(
        '0.0.0,0.0.1,0.0.3,0.0.4,0.1.0,0.2.3,0.2.9,0.3.0,1.0.0,1.2.2,1.2.3,1.2.4,1.3.0,1.9.9,2.0.0,2.3.4,2.3.5,3.0.0,10.0.0',
        '0.0.0-0,0.0.3-beta,0.2.3-beta,1.0.0-1,1.0.0-beta,1.2.3-0,1.2.3-1,1.2.3-alpha,1.2.3-alpha.1,1.2.3-beta',
        '1.2.3-beta.1,1.2.3-beta.2,1.2.3-beta.10,1.2.3-beta.x,1.2.3-rc,1.2.3-rc.1,1.2.4-beta,2.0.0-0,2.0.0-rc.1',
        '2.3.4-rc.1,2.3.4-rc.2,1.2.3--x,1.0.0-1e3,1.0.0-1000',
        // Written otherwise, or not versions
        'v1.2.3,=1.2.3,1.2.3+build.1,1.2.3-beta.1+build,>=1.2.3, 1.2.3,1,1.2,1.2.3.4,01.2.3,1.2.03,latest,1.2.3 ,V1.2.3,1.2.3-01',
      ),
    ];
    expectSameAnswers(cross(versions, ranges));
  });

  it('answers our own ranges as npm does, and as runtime-core does where the two differ', () => {
    const cases: Array<[version: string, range: string, answer: boolean]> = [
      // Our own ranges, answered as npm would
      ['18.3.1', '^18.3.1', true],
      ['18.10.0', '^18.3.1', true],
      ['19.1.0', '^18.3.1', false],
      ['5.104.9', '~5.104.5', true],
      ['5.105.0', '~5.104.5', false],
      ['7.18.5', '7.18.5', true],
      ['0.2.9', '^0.2.3', true],
      ['0.3.0', '^0.2.3', false],
      ['0.0.4', '^0.0.3', false],
      // A prerelease version is not kept to its own major.minor.patch
      ['1.2.4-beta', '^1.2.3', true],
      ['2.0.0-0', '<2.0.0', true],
      ['1.2.3-beta', '*', true],
      // A longer prerelease ranks lower; numeric and word ids each rank above the other
      ['1.0.0-rc.1', '<1.0.0-rc', true],
      ['1.0.0-1', '>1.0.0-beta', true],
      ['1.0.0-beta', '>1.0.0-1', true],
      // '>=0.0.0' (or '>=0') alone matches nothing; with another comparator it is dropped
      ['1.2.3', '>=0.0.0', false],
      ['1.2.3', '>=0', false],
      ['1.2.3', '>=0.0.0 <2', true],
      // Only the first operator of a range may have a space after it
      ['1.5.0', '>= 1.2.3 <2.0.0', true],
      ['1.5.0', '>= 1.2.3 < 2.0.0', false],
      ['1.5.0', '^1.0.0 >= 1.2.3', false],
      // A hyphen range's end written with '=' matches nothing
      ['1.2.3', '=1.2.3 - 2', false],
      ['1.2.3', '1.2.3 - =2.0.0', false],
    ];
    const all = answers(cases.map(([version, range]): Pair => [version, range]));
    expect(all.map((a) => [a.version, a.range, a.ours, a.runtimeCore])).toEqual(
      cases.map(([version, range, answer]) => [version, range, answer, answer]),
    );
  });

  // Versions with numbers 0 to 3, each without or with a prerelease, and the ranges they make
  const nums = ['0', '1', '2', '3'];
  const triples = nums.flatMap((M) => nums.flatMap((m) => nums.map((p) => `${M}.${m}.${p}`)));
  const versions = triples.flatMap((v) => ['', '-0', '-1', '-beta', '-beta.1'].map((pre) => v + pre));
  const partials = ['x', ...nums.flatMap((M) => [M, `${M}.x`, ...nums.flatMap((m) => [`${M}.${m}`, `${M}.${m}.x`])])];
  const fulls = triples.flatMap((v) => [v, `${v}-0`, `${v}-beta`, `${v}-beta.1`]);

  it('answers as runtime-core does on generated ranges', () => {
    const operators = ['', '=', '>', '>=', '<', '<=', '^', '~'];
    const comparators = operators.flatMap((op) => [...partials, ...fulls].map((v) => op + v));
    // Each comparator with every 13th version, from a different first one for each
    const single = comparators.flatMap((range, i) => versions.filter((_, j) => (i + j) % 13 === 0).map((v): Pair => [v, range]));

    // Hyphen, AND and OR ranges and whitespace, drawn from the same atoms by a seeded generator
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 16807) % 2147483647) / 2147483647) * n;
    const pick = <T>(options: T[]): T => options[Math.floor(random(options.length))] as T;
    const space = () => pick([' ', ' ', '  ', '\t']);
    const part = () => (random(1) < 0.5 ? pick(partials) : pick(fulls));
    const comparator = () => pick(operators) + (random(1) < 0.1 ? space() : '') + part();
    const subRange = () =>
      random(1) < 0.3
        ? `${part()}${space()}-${space()}${part()}`
        : Array.from({ length: 1 + Math.floor(random(3)) }, comparator).join(space());
    const range = () => Array.from({ length: 1 + Math.floor(random(2)) }, subRange).join(pick(['||', ' || ']));
    const compound = Array.from({ length: 12000 }, (): Pair => [pick(versions), range()]);

    expect(single.length + compound.length).toBeGreaterThan(30000);
    expectSameAnswers([...single, ...compound]);
  });

  it("orders versions as runtime-core's versionLt does (satisfy(a, '<=' + b))", () => {
    // Every version but the '-beta' ones ('-beta.1' and '-1' stand for them): 65,536 pairs
    const ordered = versions.filter((v) => !v.endsWith('-beta'));
    const pairs = cross(ordered, ordered).map(([a, b]): Pair => [a, `<=${b}`]);
    expect(pairs.length).toBeGreaterThan(60000);
    expectSameAnswers(pairs);
  });
});
