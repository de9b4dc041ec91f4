import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'market',
      port: 3002,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      title: 'ShambaSoko',
    },
    argv,
  );
