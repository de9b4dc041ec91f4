import { readFileSync } from 'node:fs';
import { createConfig } from '../scripts/webpack/create-config.mjs';

// The core API reads the dashboard's first screen makes (its test checks the list against them).
const dashboardReads = JSON.parse(readFileSync(new URL('./src/pages/dashboard/first-reads.json', import.meta.url), 'utf8'));

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'farm',
      port: 3003,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      // What a visit that starts at one of these paths loads at once (src/routes.tsx): preloaded with
      // its first page; for /dashboard also the reads its first screen makes, sent by the page before
      // the code has arrived. (The list pages' reads follow their filters in the address: not named.)
      opens: {
        '/dashboard': { chunks: ['dashboard-page'], reads: dashboardReads },
        ...Object.fromEntries(
          ['farms', 'fields', 'seasons', 'crops', 'activities', 'users', 'budget', 'costs'].map((name) => [
            `/${name}`,
            { chunks: [`${name}-page`] },
          ]),
        ),
      },
      title: 'ShambaSoko',
    },
    argv,
  );
