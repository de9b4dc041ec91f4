import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'farm',
      port: 3003,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      title: 'ShambaSoko',
    },
    argv,
  );
