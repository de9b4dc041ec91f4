const os = require('node:os');
const { memoryFolder } = require('./scripts/memory-folder.cjs');
// One jest run over every workspace; each workspace is a project with its own environment.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.json', diagnostics: false }];
// Lingui and the Kubernetes models ship ES modules only. From Node 24.9 jest loads those natively
// (require of an ES module); before it, jest runs CommonJS, so those few files are compiled too.
const [nodeMajor, nodeMinor] = process.versions.node.split('.').map(Number);
const nativeEsm = nodeMajor > 24 || (nodeMajor === 24 && nodeMinor >= 9);
const esmOnly = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false }];
const esmOnlyPackages = '/node_modules/(?!(@lingui|@messageformat/date-skeleton)/)';
const esmOnlyTransform = (pattern) => (nativeEsm ? {} : { [pattern]: esmOnly });
const esmOnlyIgnore = (packages) => (nativeEsm ? {} : { transformIgnorePatterns: [packages] });
// The zod-only package core-api and the front ends import (its package.json exports, as jest reads them).
const contractsPaths = {
  '^@shambasoko/contracts$': '<rootDir>/../contracts/src/index.ts',
  '^@shambasoko/contracts/time$': '<rootDir>/../contracts/src/time/index.ts',
  '^@shambasoko/contracts/(.*)$': '<rootDir>/../contracts/src/$1',
};
// Every project's module runtime keeps V8's code cache of what a worker compiled (jest.runtime.cjs).
const runtime = { runtime: '<rootDir>/../jest.runtime.cjs' };
const front = (name) => ({
  displayName: name,
  ...runtime,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../jest.setup-dom.ts'],
  transform: { '^.+\\.tsx?$': tsJest, ...esmOnlyTransform('^.+\\.m?js$') },
  ...esmOnlyIgnore(esmOnlyPackages),
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    ...contractsPaths,
    '^@shambasoko/shared$': '<rootDir>/../shared/src/index.ts',
    '^@shambasoko/shared/(.*)$': '<rootDir>/../shared/src/$1',
    '\\.(css)$': '<rootDir>/../jest.style-stub.cjs',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/../jest.file-stub.cjs',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});
// PGlite's test databases and their templates (core-api/src/testing/test-database.ts): in memory when
// the machine allows (scripts/memory-folder.cjs). Set here, so every worker of the run sees the same.
process.env.SHAMBASOKO_TEST_SCRATCH ||= memoryFolder();
module.exports = {
  // One worker more than the cores (jest's default leaves one core to itself: a single worker on CI's
  // two). A test file waits on timers, on its database's thread and on PostgreSQL; with a worker per
  // core both cores were idle 5 % of the run on two cores, and a third worker filled that: the whole
  // run 277 → 251 s, the PostgreSQL pass 115 → 109 s (stop 87). The API suites' event-loop checks
  // repeat a slow request before failing it (repeatableBlockDuring), so a busy core does not fail them.
  maxWorkers: os.availableParallelism() + 1,
  projects: [
    {
      // React-free: no DOM, as core-api runs it.
      displayName: 'contracts',
      ...runtime,
      rootDir: '<rootDir>/contracts',
      testEnvironment: 'node',
      transform: { '^.+\\.tsx?$': tsJest },
      moduleNameMapper: contractsPaths,
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    front('shared'),
    front('shell'),
    front('mfe-auth'),
    front('mfe-market'),
    front('mfe-farm'),
    front('mfe-legal'),
    {
      displayName: 'core-api',
      ...runtime,
      rootDir: '<rootDir>/core-api',
      // Node's, with PGlite prepared once per worker process (src/testing/jest-environment.cjs).
      testEnvironment: '<rootDir>/src/testing/jest-environment.cjs',
      setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
      globalSetup: '<rootDir>/src/testing/global-setup.ts',
      globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
      transform: { '^.+\\.tsx?$': tsJest },
      moduleNameMapper: contractsPaths,
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/sandbox/**/*.test.ts'],
    },
    {
      // The deployment manifests' lint. kubernetes-models and its helpers ship ES modules only.
      displayName: 'deploy',
      ...runtime,
      rootDir: '<rootDir>/deploy',
      testEnvironment: 'node',
      // Their exports name only the "import" condition, which jest's CommonJS resolver does not use.
      moduleNameMapper: {
        '^(kubernetes-models|@kubernetes-models/apimachinery)/(.*)$': '<rootDir>/../node_modules/$1/$2.js',
        '^@kubernetes-models/(base|validate)$': '<rootDir>/../node_modules/@kubernetes-models/$1/dist/index.js',
      },
      transform: { '^.+\\.tsx?$': tsJest, ...esmOnlyTransform('^.+\\.js$') },
      ...esmOnlyIgnore('/node_modules/(?!(kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|ip-regex)/)'),
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      displayName: 'scripts',
      ...runtime,
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      transform: { '^.+\\.tsx?$': tsJest },
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
  ],
};
