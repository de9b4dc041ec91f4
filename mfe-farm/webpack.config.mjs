import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'farm',
      port: 3003,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      // What a visit that starts at /dashboard loads at once (src/routes.tsx): preloaded with its first page.
      opens: { '/dashboard': { chunks: ['dashboard-page'] } },
      title: 'ShambaSoko',
    },
    argv,
  );
