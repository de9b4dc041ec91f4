import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundariesRule } from './scripts/lint/boundaries.mjs';
import { noCycleRule } from './scripts/lint/import-cycles.mjs';
import { noLiteralUiText } from './scripts/lint/no-literal-ui-text.mjs';

/** The folders whose JSX is fully translated; each joins as its strings move into catalogs. */
const TRANSLATED = [
  'shared/src/i18n/**/*.tsx',
  'mfe-market/src/features/{orders,seller,payments-review}/**/*.tsx',
  'mfe-market/src/components/**/*.tsx',
  'mfe-market/src/layout/**/*.tsx',
  'mfe-market/src/lib/**/*.tsx',
  'mfe-market/src/routes.tsx',
  'mfe-market/src/bootstrap.tsx',
  'mfe-market/src/features/{catalog,product,cart,checkout,storefront}/**/*.tsx',
  'mfe-auth/src/**/*.tsx',
  'mfe-legal/src/**/*.tsx',
  'mfe-farm/src/features/activities/**/*.tsx',
  'mfe-farm/src/features/budget/**/*.tsx',
  'mfe-farm/src/features/costs/**/*.tsx',
  'mfe-farm/src/features/users/**/*.tsx',
  'mfe-farm/src/pages/budget-page.tsx',
  'mfe-farm/src/{components,lib,pages/dashboard,pages/farm}/**/*.tsx',
  'mfe-farm/src/features/{farms,fields,seasons,crops,dashboard}/**/*.tsx',
  'mfe-farm/src/{routes,bootstrap,pages/field-page}.tsx',
  'shared/src/ui/**/*.tsx',
  'shell/src/**/*.tsx',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '**/.cache/**',
      'scripts/bench/.monolith-dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { shambasoko: { rules: { boundaries: boundariesRule, 'no-cycle': noCycleRule, 'no-literal-ui-text': noLiteralUiText } } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'shambasoko/boundaries': 'error',
      'shambasoko/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.tsx', 'shared/src/**/*.ts', 'mfe-*/src/**/*.ts', 'shell/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    // The classic two rules; the React Compiler's stricter rules come with the compiler, if ever.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Screens speak from catalogs (English and Kiswahili). Tests and the dev-only tools may write text.
    files: TRANSLATED,
    ignores: ['**/*.test.tsx', '**/testing/**'],
    rules: { 'shambasoko/no-literal-ui-text': 'error' },
  },
  {
    // The API writes through its pino logger (LOG_LEVEL, JSON lines with request and job ids), the static
    // servers through jsonLogger (access lines in the same shape); tests and other scripts may print.
    files: [
      'core-api/src/**/*.ts',
      'scripts/serve-static.mjs',
      'scripts/csp.mjs',
      'scripts/page-hints.mjs',
      'scripts/page-frame.mjs',
      'deploy/static/**/*.mjs',
    ],
    ignores: ['**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Nairobi's zone, offset, today and month come from one helper (contracts/src/time/nairobi.ts), not
    // recomputed in each module; tests may still write a moment with its offset.
    files: ['core-api/{src,sandbox}/**/*.ts', '{contracts,shared,shell}/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', 'contracts/src/time/nairobi.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/Africa\\/Nairobi|[+]03:00/]', 'TemplateElement[value.raw=/Africa\\/Nairobi|[+]03:00|interval .3 hours/]'].map(
          (selector) => ({
            selector,
            message: "Nairobi's time comes from @shambasoko/contracts/time (NAIROBI_TIME_ZONE, startOfNairobiDay, nairobiWallTime…).",
          }),
        ),
        {
          selector:
            "BinaryExpression[operator='*'][left.value=3][right.value=3600000], BinaryExpression[operator='*'][left.left.left.value=3][left.left.right.value=60][left.right.value=60]",
          message: "Nairobi's offset lives in @shambasoko/contracts/time (nairobiClock, todayInNairobi).",
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Formatting is Prettier's (npm run format); no ESLint rule argues with it.
  prettier,
);
