// V8's code cache for the modules a jest worker compiles (jest.runtime.cjs puts it in place). jest
// compiles each module again for every test file, in a new sandbox each time, and V8's own cache never
// matches those compiles: an API test file compiled ~1,000 modules, ~0.37 s of its CPU. The first
// compile of a file keeps its code cache; a later compile of the same code starts from it (~0.05 ms a
// module instead of ~0.37 ms); a changed code under the same name is compiled afresh and kept instead.

/**
 * @param {typeof import('node:vm').compileFunction} compileFunction
 * @returns {typeof import('node:vm').compileFunction}
 */
function withCodeCache(compileFunction) {
  /** @type {Map<string, { code: string, data: Buffer }>} by file name */
  const kept = new Map();
  return function compileWithCache(code, params, options = {}) {
    const name = options.filename;
    if (name === undefined || options.cachedData !== undefined || options.produceCachedData !== undefined) {
      return compileFunction(code, params, options);
    }
    const cache = kept.get(name);
    if (cache !== undefined && cache.code === code) {
      const fn = compileFunction(code, params, { ...options, cachedData: cache.data });
      if (!fn.cachedDataRejected) return fn;
    }
    const fn = compileFunction(code, params, { ...options, produceCachedData: true });
    if (fn.cachedDataProduced && fn.cachedData !== undefined) kept.set(name, { code, data: fn.cachedData });
    return fn;
  };
}

module.exports = { withCodeCache };
