import type { App } from 'firebase-admin/app';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { type Config, ConfigError } from '../config';
import { ApiError } from '../http/envelope';

/**
 * With FIREBASE_AUTH_EMULATOR_HOST set, firebase-admin accepts unsigned, edited tokens. That must
 * never happen in production, so the app refuses to build rather than run that way. firebase-admin
 * reads the raw variable itself, so the raw value is judged: blank or whitespace counts as set.
 */
export function assertSafeIdentityConfig(
  config: Pick<Config, 'nodeEnv' | 'firebaseAuthEmulatorHost'>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const emulatorSet = config.firebaseAuthEmulatorHost !== undefined || env.FIREBASE_AUTH_EMULATOR_HOST !== undefined;
  if (config.nodeEnv === 'production' && emulatorSet) {
    throw new ConfigError(
      'Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production. ' +
        'The emulator accepts forged ID tokens; unset it in production.',
    );
  }
}

/** Whether the provider still lets this account sign in. */
type ProviderAccountStatus = 'active' | 'disabled' | 'missing';

export interface IdentityVerifier {
  /** Also checks that the token was not revoked and the account is not disabled (403). */
  verifyIdToken(idToken: string): Promise<DecodedIdToken>;
  accountStatus(uid: string): Promise<ProviderAccountStatus>;
  /** Whether the identity provider has an account for this e-mail. */
  emailExists(email: string): Promise<boolean>;
  /** Deletes the identity provider's account (account erasure); an account already gone is not an error. */
  deleteUser(uid: string): Promise<void>;
}

/**
 * firebase-admin is loaded on the first verification, not at start: it costs ~300 ms to load and
 * most requests never need it. It reads FIREBASE_AUTH_EMULATOR_HOST from the environment itself.
 */
export function createIdentityVerifier(config: Pick<Config, 'firebaseProjectId'>): IdentityVerifier {
  let app: Promise<App> | undefined;
  const appName = `core-api:${config.firebaseProjectId}`;
  const getApp = async (): Promise<App> => {
    const { getApps, initializeApp } = await import('firebase-admin/app');
    // Named per project: never collides with the default app or with a second verifier.
    return getApps().find((existing) => existing.name === appName) ?? initializeApp({ projectId: config.firebaseProjectId }, appName);
  };

  return {
    async verifyIdToken(idToken) {
      const [{ getAuth }, firebaseApp] = await Promise.all([import('firebase-admin/auth'), (app ??= getApp())]);
      try {
        return await getAuth(firebaseApp).verifyIdToken(idToken, true);
      } catch (cause) {
        if (errorCode(cause) === 'auth/user-disabled') {
          throw new ApiError(403, 'This account has been disabled. Contact ShambaSoko support.', { cause });
        }
        // auth/* means the token itself is bad; anything else (e.g. fetching Google's keys) is our failure.
        if (errorCode(cause)?.startsWith('auth/')) {
          throw new ApiError(401, 'Your session is invalid or has expired. Please sign in again.', { cause });
        }
        throw cause;
      }
    },
    async accountStatus(uid) {
      const [{ getAuth }, firebaseApp] = await Promise.all([import('firebase-admin/auth'), (app ??= getApp())]);
      try {
        return (await getAuth(firebaseApp).getUser(uid)).disabled ? 'disabled' : 'active';
      } catch (cause) {
        if (errorCode(cause) === 'auth/user-not-found') return 'missing';
        throw cause;
      }
    },
    async emailExists(email) {
      const [{ getAuth }, firebaseApp] = await Promise.all([import('firebase-admin/auth'), (app ??= getApp())]);
      try {
        await getAuth(firebaseApp).getUserByEmail(email);
        return true;
      } catch (cause) {
        if (errorCode(cause) === 'auth/user-not-found') return false;
        throw cause;
      }
    },
    async deleteUser(uid) {
      const [{ getAuth }, firebaseApp] = await Promise.all([import('firebase-admin/auth'), (app ??= getApp())]);
      try {
        await getAuth(firebaseApp).deleteUser(uid);
      } catch (cause) {
        if (errorCode(cause) !== 'auth/user-not-found') throw cause;
      }
    },
  };
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
