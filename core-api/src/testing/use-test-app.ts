import type { KyselyPlugin } from 'kysely';
import { startAuthEmulator } from './auth-emulator';
import { type TestApp, startTestApp } from './test-app';

interface Options {
  /** Settings over the test defaults, e.g. a rate limit. */
  env?: Record<string, string>;
  /** Start the Auth emulator first, for suites that sign in through it. */
  authEmulator?: boolean;
  /** Kysely plugins on the app's database, e.g. a StatementCounter. */
  plugins?: KyselyPlugin[];
}

/**
 * One test app for a test file: started before its tests, handed to `ready` (where the file keeps
 * it and makes its first users), closed after them.
 */
export function useTestApp(ready: (app: TestApp) => unknown, { env = {}, authEmulator = false, plugins = [] }: Options = {}): void {
  let app: TestApp | undefined;
  beforeAll(
    async () => {
      if (authEmulator) await startAuthEmulator();
      app = await startTestApp(env, { plugins });
      await ready(app);
    },
    authEmulator ? 120_000 : 60_000,
  );
  afterAll(async () => {
    await app?.close();
  });
}
