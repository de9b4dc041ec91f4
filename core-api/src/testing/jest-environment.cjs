// The API tests' environment (jest.config.cjs): Node's, plus PGlite prepared once per jest worker
// process instead of once per test database. This module is loaded outside the test files' sandboxes
// and lives as long as the worker; each test file's environment hands the same preparation to its
// sandbox, where test-database.ts passes it to openDatabase (EmbeddedEngine in db/database.ts).
const fs = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/** @type {Promise<{ wasmModule: WebAssembly.Module, fsBundle: Uint8Array }> | undefined} */
let prepared;

/** PGlite's WebAssembly compiled and its file bundle read, from the PGlite the API runs. */
function preparedEngine() {
  prepared ??= (async () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    const [wasmModule, fsBundle] = await Promise.all([
      fs.promises.readFile(path.join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      fs.promises.readFile(path.join(dist, 'pglite.data')),
    ]);
    return { wasmModule, fsBundle: new Uint8Array(fsBundle.buffer, fsBundle.byteOffset, fsBundle.byteLength) };
  })();
  return prepared;
}

class ApiTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.shambasokoEmbeddedEngine = preparedEngine;
  }
}

module.exports = ApiTestEnvironment;
