import { execFileSync } from 'node:child_process';
import path from 'node:path';

// catalog-loader.mjs is an ES module: a child process compiles each catalog and reports the outcome.
const loader = path.join(__dirname, 'catalog-loader.mjs');

function compile(catalog: object): { ok: true; compiled: unknown } | { ok: false; error: string } {
  const script = `import { compileCatalog } from ${JSON.stringify(loader)};
try { console.log(JSON.stringify({ ok: true, compiled: compileCatalog(process.argv[1]) })); }
catch (error) { console.log(JSON.stringify({ ok: false, error: error.message })); }`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(catalog)]).toString()) as never;
}

describe('catalog-loader', () => {
  it('compiles values, plurals, ordinals and selects into tokens', () => {
    expect(
      compile({
        hi: 'Habari {name}',
        farms: '{count, plural, one {# shamba} other {mashamba #}}',
        kind: '{kind, select, crop {Zao} other {Kitu}}',
      }),
    ).toEqual({
      ok: true,
      compiled: {
        hi: ['Habari ', ['name']],
        farms: [['count', 'plural', { one: ['#', ' shamba'], other: ['mashamba ', '#'] }]],
        kind: [['kind', 'select', { crop: ['Zao'], other: ['Kitu'] }]],
      },
    });
  });

  it('fails the build on an ICU format the page does not render, even inside a branch', () => {
    const number = compile({ total: 'Total {amount, number}' });
    expect(number).toEqual({ ok: false, error: expect.stringContaining('catalog key "total" uses the ICU format "number"') });
    const nested = compile({ when: '{count, plural, one {on {day, date, short}} other {later}}' });
    expect(nested).toEqual({ ok: false, error: expect.stringContaining('"date"') });
  });

  it('refuses a catalog that is not a JSON object of strings', () => {
    expect(compile({ n: 5 })).toEqual({ ok: false, error: 'catalog key "n" is not a string' });
  });
});
