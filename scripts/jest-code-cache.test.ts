import vm from 'node:vm';
import { withCodeCache } from './jest-code-cache.cjs';

const PARAMS = ['module', 'exports'];
const run = (fn: (...args: unknown[]) => unknown) => {
  const module = { exports: {} as Record<string, unknown> };
  fn(module, module.exports);
  return module.exports;
};

describe('withCodeCache', () => {
  it('compiles a file the second time from the code cache of the first, in another sandbox', () => {
    const compile = withCodeCache(vm.compileFunction);
    const code = 'exports.answer = [1, 2, 3].map((n) => n * 2).join(",");';
    const first = compile(code, PARAMS, { filename: '/a.js', parsingContext: vm.createContext({}) });
    // Only a compile that was given cached data says whether V8 took it.
    expect(first.cachedDataRejected).toBeUndefined();
    const second = compile(code, PARAMS, { filename: '/a.js', parsingContext: vm.createContext({}) });
    expect(second.cachedDataRejected).toBe(false);
    expect(run(second)).toEqual({ answer: '2,4,6' });
  });

  it('compiles a changed file afresh and keeps the new code', () => {
    const compile = withCodeCache(vm.compileFunction);
    compile('exports.v = 1;', PARAMS, { filename: '/b.js' });
    const changed = compile('exports.v = 2;', PARAMS, { filename: '/b.js' });
    expect(changed.cachedDataRejected).toBeUndefined();
    expect(run(changed)).toEqual({ v: 2 });
    expect(compile('exports.v = 2;', PARAMS, { filename: '/b.js' }).cachedDataRejected).toBe(false);
  });

  it('leaves a compile without a file name, or with its own cache options, as it was asked', () => {
    const compile = withCodeCache(vm.compileFunction);
    compile('exports.v = 3;', PARAMS);
    expect(compile('exports.v = 3;', PARAMS).cachedDataRejected).toBeUndefined();
    const own = compile('exports.v = 4;', PARAMS, { filename: '/c.js', produceCachedData: true });
    expect(own.cachedDataProduced).toBe(true);
    expect(compile('exports.v = 4;', PARAMS, { filename: '/c.js' }).cachedDataRejected).toBeUndefined();
  });
});
