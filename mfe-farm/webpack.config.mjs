import { readFileSync } from 'node:fs';
import { createConfig } from '../scripts/webpack/create-config.mjs';

// The core API reads the first screens of some pages make, per path (their tests check the lists against them).
const firstReads = JSON.parse(readFileSync(new URL('./src/pages/first-reads.json', import.meta.url), 'utf8'));

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'farm',
      port: 3003,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      // What a visit that starts at one of these paths loads at once (src/routes.tsx): preloaded with
      // its first page, and the reads its first screen makes, sent by the page before the code has
      // arrived (a list page's at its address without filters; with filters the server leaves them out).
      opens: Object.fromEntries(
        ['dashboard', 'farms', 'fields', 'seasons', 'crops', 'activities', 'users', 'budget', 'costs'].map((name) => [
          `/${name}`,
          { chunks: [`${name}-page`], reads: firstReads[`/${name}`] ?? [] },
        ]),
      ),
      title: 'ShambaSoko',
    },
    argv,
  );
