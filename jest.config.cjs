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
      transform: { '^.+\\.tsx?$': tsJest },
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/sandbox/**/*.test.ts'],
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
