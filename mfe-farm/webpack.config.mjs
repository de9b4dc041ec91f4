import { readFileSync } from 'node:fs';
import { createConfig } from '../scripts/webpack/create-config.mjs';

// The core API reads the first screens of the dashboard and of the list pages make (their tests check the lists against them).
const readsOf = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const dashboardReads = readsOf('./src/pages/dashboard/first-reads.json');
const listReads = readsOf('./src/pages/first-reads.json');

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
      opens: {
        '/dashboard': { chunks: ['dashboard-page'], reads: dashboardReads },
        ...Object.fromEntries(
          ['farms', 'fields', 'seasons', 'crops', 'activities', 'users', 'budget', 'costs'].map((name) => [
            `/${name}`,
            { chunks: [`${name}-page`], reads: listReads[`/${name}`] ?? [] },
          ]),
        ),
      },
      title: 'ShambaSoko',
    },
    argv,
  );
