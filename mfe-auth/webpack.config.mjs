import { createConfig } from '../scripts/webpack/create-config.mjs';

export default (_env, argv) =>
  createConfig(
    {
      appDir: import.meta.dirname,
      name: 'auth',
      port: 3001,
      // The Choose Account dialog is opened from the shell's landing page, outside this remote's routes.
      exposes: { './routes': './src/routes.tsx', './account-chooser': './src/account-chooser.tsx' },
      standalone: true,
      title: 'ShambaSoko',
    },
    argv,
  );
