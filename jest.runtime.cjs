// jest's module runtime (jest.config.cjs's `runtime`), with V8's code cache kept for every module a
// worker compiles (scripts/jest-code-cache.cjs). jest-runtime calls `vm.compileFunction` through the
// module object, so replacing it there reaches each compile; only jest's processes load this file.
const vm = require('node:vm');
const { withCodeCache } = require('./scripts/jest-code-cache.cjs');

vm.compileFunction = withCodeCache(vm.compileFunction);

module.exports = require('jest-runtime');
