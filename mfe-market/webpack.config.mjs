import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'market',
      port: 3002,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      // What a visit that starts at /market loads at once (src/routes.tsx): preloaded with its first page.
      opens: { '/market': { chunks: ['market-layout', 'market-page'], serverData: true } },
      title: 'ShambaSoko',
    },
    argv,
  );
