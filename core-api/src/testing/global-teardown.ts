import { stopTestAuthEmulator } from './auth-emulator';

/** After the core-api project's run: stop the Auth emulator that its first file needing it started. */
export default async function globalTeardown(): Promise<void> {
  await stopTestAuthEmulator();
}
