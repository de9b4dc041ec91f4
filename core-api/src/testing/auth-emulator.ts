import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requestOnce } from './request-once';

/**
 * A test-only Auth emulator apart from a running `npm start`: on the ports the run's global setup
 * picked (auth, hub, logging), else on firebase.test.json's.
 */
const PORTS = (process.env.SHAMBASOKO_TEST_AUTH_PORTS ?? '')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const TEST_EMULATOR_HOST = `127.0.0.1:${PORTS[0] ?? 9199}`;
const PROJECT = 'demo-shambasoko';
const ROOT = path.resolve(__dirname, '../../..');
const base = `http://${TEST_EMULATOR_HOST}`;

async function ready(): Promise<boolean> {
  try {
    const response = await requestOnce(`${base}/`);
    return response.ok && (JSON.parse(response.text) as { authEmulator?: { ready?: boolean } }).authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Where the emulator's process id is kept: the first test file that needs the emulator starts it (in
 * whichever jest worker runs that file), every later file reuses it, and the run's global teardown
 * (stopTestAuthEmulator) stops it. Files running in parallel workers may then share it; a file that
 * stopped it in its afterAll would pull it from under the others.
 */
const PID_FILE = path.join(os.tmpdir(), `shambasoko-test-auth-emulator-${TEST_EMULATOR_HOST.replace(/\W/g, '-')}.pid`);

/** firebase.test.json with this run's ports, when it has its own. */
function emulatorConfig(): string {
  const file = path.join(ROOT, 'firebase.test.json');
  if (PORTS.length < 3) return file;
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { emulators: Record<string, { port?: number }> };
  config.emulators.auth!.port = PORTS[0];
  config.emulators.hub!.port = PORTS[1];
  config.emulators.logging!.port = PORTS[2];
  const own = path.join(os.tmpdir(), `shambasoko-firebase-test-${PORTS[0]}.json`);
  fs.writeFileSync(own, JSON.stringify(config));
  return own;
}

/** Starts the emulator unless one already listens there (another file's, or another run's). */
export async function startAuthEmulator(): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = TEST_EMULATOR_HOST;
  if (await ready()) return;
  const child: ChildProcess = spawn(
    process.execPath,
    [
      // Request validators compiled on first use: the emulator listens in seconds (scripts/auth-emulator-lazy.cjs).
      '--require',
      path.join(ROOT, 'scripts/auth-emulator-lazy.cjs'),
      path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
      'emulators:start',
      '--only',
      'auth',
      '--project',
      PROJECT,
      '--config',
      emulatorConfig(),
    ],
    { cwd: ROOT, env: { ...process.env, NO_UPDATE_NOTIFIER: '1' }, stdio: 'ignore' },
  );
  // The worker that started it may finish its files and exit while others still use it.
  child.unref();
  const deadline = Date.now() + 90_000;
  while (!(await ready())) {
    if (child.exitCode !== null) {
      // Another worker may have started one on these ports a moment before us: use it if it comes up.
      for (let i = 0; i < 120 && !(await ready()); i += 1) await new Promise((r) => setTimeout(r, 250));
      if (await ready()) return;
      throw new Error('The Auth emulator exited while starting');
    }
    if (Date.now() > deadline) throw new Error('The Auth emulator did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  if (child.pid !== undefined) fs.writeFileSync(PID_FILE, String(child.pid));
}

/** Stops the emulator this test run started, if any (the core-api project's global teardown). */
export async function stopTestAuthEmulator(): Promise<void> {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(PID_FILE, 'utf8'));
  } catch {
    return;
  }
  fs.rmSync(PID_FILE, { force: true });
  fs.rmSync(path.join(os.tmpdir(), `shambasoko-firebase-test-${PORTS[0]}.json`), { force: true });
  // A pid file left by a run that crashed may name another process by now: only a firebase one is stopped.
  const alive = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('firebase');
    } catch {
      return false;
    }
  };
  if (!Number.isInteger(pid) || pid <= 0 || !alive()) return;
  // SIGINT to the firebase process itself: it then frees its ports (hub, logging) too.
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && alive(); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
}

export interface EmulatorAccount {
  uid: string;
  email: string;
  password: string;
  idToken: string;
}

async function identityToolkit<T>(method: string, body: object): Promise<T> {
  const response = await requestOnce(`${base}/identitytoolkit.googleapis.com/v1/${method}?key=test-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} failed: ${response.status} ${response.text}`);
  return JSON.parse(response.text) as T;
}

let counter = 0;
/**
 * An e-mail account. The emulator lives for the whole test run, and files in parallel workers share
 * it: the default address names this process, and an address that is already taken (a fixed one, in
 * a second run against the same emulator) signs in with the same password instead.
 */
export async function emulatorSignUp(
  email = `person${Date.now()}-${process.pid}-${(counter += 1)}@example.co.ke`,
  password = 'secret-123',
): Promise<EmulatorAccount> {
  try {
    const r = await identityToolkit<{ localId: string; idToken: string }>('accounts:signUp', { email, password, returnSecureToken: true });
    return { uid: r.localId, email, password, idToken: r.idToken };
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('EMAIL_EXISTS'))) throw error;
    const r = await identityToolkit<{ localId: string; idToken: string }>('accounts:signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    });
    return { uid: r.localId, email, password, idToken: r.idToken };
  }
}

export async function emulatorSignIn(email: string, password: string): Promise<string> {
  return (await identityToolkit<{ idToken: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true })).idToken;
}

/** Signs in through the emulator's stand-in for Google. */
export async function emulatorGoogleSignIn(email: string, name = 'Google Person'): Promise<{ uid: string; idToken: string }> {
  const claims = JSON.stringify({ sub: `google-${email}`, email, email_verified: true, name });
  const r = await identityToolkit<{ localId: string; idToken: string }>('accounts:signInWithIdp', {
    postBody: `providerId=google.com&id_token=${encodeURIComponent(claims)}`,
    requestUri: 'http://localhost',
    returnIdpCredential: true,
    returnSecureToken: true,
  });
  return { uid: r.localId, idToken: r.idToken };
}

/** Signs in with a phone number and the SMS code the emulator keeps instead of sending it. */
export async function emulatorPhoneSignIn(phoneNumber: string): Promise<{ uid: string; idToken: string }> {
  const { sessionInfo } = await identityToolkit<{ sessionInfo: string }>('accounts:sendVerificationCode', { phoneNumber });
  const codes = await requestOnce(`${base}/emulator/v1/projects/${PROJECT}/verificationCodes`);
  const list = (JSON.parse(codes.text) as { verificationCodes: { sessionInfo: string; code: string }[] }).verificationCodes;
  const code = list.find((c) => c.sessionInfo === sessionInfo)?.code;
  const r = await identityToolkit<{ localId: string; idToken: string }>('accounts:signInWithPhoneNumber', { sessionInfo, code });
  return { uid: r.localId, idToken: r.idToken };
}

/**
 * Marks an account's e-mail as verified, as clicking the provider's confirmation link would. The
 * emulator accepts the admin API with the token "owner"; ID tokens minted afterwards carry email_verified.
 */
export async function emulatorVerifyEmail(uid: string): Promise<void> {
  const response = await requestOnce(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${response.text}`);
}

/** Disables (or enables) an account, as an administrator would in the provider's console. */
export async function emulatorSetDisabled(uid: string, disabled: boolean): Promise<void> {
  const response = await requestOnce(`${base}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: uid, disableUser: disabled }),
  });
  if (!response.ok) throw new Error(`accounts:update failed: ${response.status} ${response.text}`);
}
