import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'legal',
      port: 3004,
      exposes: { './routes': './src/routes.tsx' },
      standalone: true,
      title: 'ShambaSoko',
    },
    argv,
  );
