// Where the test databases live: /dev/shm (memory) when the machine has one with a gigabyte free, else
// the temporary folder. A test database is a copy of a 45 MB template of 1,400 files; on this machine's
// disk each copy took 1.1-1.5 s, in memory 0.1 s. jest.config.cjs hands the answer to PGlite's test
// databases (SHAMBASOKO_TEST_SCRATCH, core-api/src/testing/test-database.ts) and test-postgres.mjs puts
// its cluster there.
const fs = require('node:fs');
const os = require('node:os');

function memoryFolder(shm = '/dev/shm') {
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(shm);
    if (bavail * bsize >= 1024 ** 3) return shm;
  } catch {
    // No memory folder of ours: the temporary folder.
  }
  return os.tmpdir();
}

module.exports = { memoryFolder };
