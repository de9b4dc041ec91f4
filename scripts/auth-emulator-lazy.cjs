// Preloaded (`node --require`) into the Firebase Auth emulator (firebase-tools), by `npm start` and the
// API tests. The emulator builds its API from a 460 kB OpenAPI spec with exegesis, which by default
// compiles a JSON-schema validator for every operation before it listens: that is most of its start-up
// (137 s against 15 s on the shared 2-core machine at load 33–36: scripts/bench/README.md). exegesis's own
// `lazyCompileValidationSchemas` compiles each operation's validator on its first request instead:
// requests are validated exactly as before, the first call of an operation waits for its compile.
const path = require('node:path');

// The copy firebase-tools itself loads, should npm ever nest one under it.
const exegesisExpress = require(
  require.resolve('exegesis-express', { paths: [path.dirname(require.resolve('firebase-tools/lib/emulator/auth/server.js'))] }),
);

const compile = exegesisExpress.middleware;
exegesisExpress.middleware = (openApiDoc, options, done) => compile(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, done);
