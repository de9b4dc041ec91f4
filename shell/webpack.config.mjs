import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'shell',
      port: 3000,
      title: 'ShambaSoko',
    },
    argv,
  );
