const os = require('node:os');
// One jest run over every workspace; each workspace is a project with its own environment.
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.json', diagnostics: false }];
// Lingui ships ES modules only; jest on Node 20 runs CommonJS, so those few files are compiled too.
const esmOnly = ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022' }, diagnostics: false }];
const esmOnlyPackages = '/node_modules/(?!(@lingui|@messageformat/date-skeleton)/)';
const front = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../jest.setup-dom.ts'],
  transform: { '^.+\\.tsx?$': tsJest, '^.+\\.m?js$': esmOnly },
  transformIgnorePatterns: [esmOnlyPackages],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@shambasoko/shared$': '<rootDir>/../shared/src/index.ts',
    '^@shambasoko/shared/(.*)$': '<rootDir>/../shared/src/$1',
    '\\.(css)$': '<rootDir>/../jest.style-stub.cjs',
    '\\.(svg|png|jpg|webp)$': '<rootDir>/../jest.file-stub.cjs',
  },
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
});
module.exports = {
  // One worker per core (jest's default leaves one core to itself: a single worker on CI's two). The
  // API suites' event-loop checks repeat a slow request before failing it (repeatableBlockDuring),
  // so a busy core does not fail them.
  maxWorkers: Math.max(1, os.availableParallelism()),
  projects: [
    front('shared'),
    front('shell'),
    front('mfe-auth'),
    front('mfe-market'),
    front('mfe-farm'),
    front('mfe-legal'),
    {
      displayName: 'core-api',
      rootDir: '<rootDir>/core-api',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/src/testing/jest-setup.ts'],
      globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
      transform: { '^.+\\.tsx?$': tsJest },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/sandbox/**/*.test.ts'],
    },
    {
      // The deployment manifests' lint. kubernetes-models and its helpers ship ES modules only.
      displayName: 'deploy',
      rootDir: '<rootDir>/deploy',
      testEnvironment: 'node',
      // Their exports name only the "import" condition, which jest's CommonJS resolver does not use.
      moduleNameMapper: {
        '^(kubernetes-models|@kubernetes-models/apimachinery)/(.*)$': '<rootDir>/../node_modules/$1/$2.js',
        '^@kubernetes-models/(base|validate)$': '<rootDir>/../node_modules/@kubernetes-models/$1/dist/index.js',
      },
      transform: { '^.+\\.tsx?$': tsJest, '^.+\\.js$': esmOnly },
      transformIgnorePatterns: ['/node_modules/(?!(kubernetes-models|@kubernetes-models|is-cidr|cidr-regex|ip-regex)/)'],
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
    {
      displayName: 'scripts',
      rootDir: '<rootDir>/scripts',
      testEnvironment: 'node',
      transform: { '^.+\\.tsx?$': tsJest },
      testMatch: ['<rootDir>/**/*.test.ts'],
    },
  ],
};
