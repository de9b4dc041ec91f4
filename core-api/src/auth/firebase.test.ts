import { ConfigError } from '../config';
import { ApiError } from '../http/envelope';
import { assertSafeIdentityConfig, createIdentityVerifier } from './firebase';

describe('assertSafeIdentityConfig', () => {
  it('refuses production with the Auth emulator configured', () => {
    const unsafe = { nodeEnv: 'production', firebaseAuthEmulatorHost: '127.0.0.1:9099' } as const;
    expect(() => assertSafeIdentityConfig(unsafe)).toThrow(ConfigError);
    expect(() => assertSafeIdentityConfig(unsafe)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production/);
  });

  it.each([[' '], [''], ['\t']])('judges the raw variable: %j counts as set in production', (raw) => {
    // loadConfig trims a blank value to "unset", but firebase-admin reads the raw variable itself.
    const config = { nodeEnv: 'production', firebaseAuthEmulatorHost: undefined } as const;
    expect(() => assertSafeIdentityConfig(config, { FIREBASE_AUTH_EMULATOR_HOST: raw })).toThrow(ConfigError);
  });

  it('allows production without the emulator', () => {
    expect(() => assertSafeIdentityConfig({ nodeEnv: 'production', firebaseAuthEmulatorHost: undefined }, {})).not.toThrow();
  });

  it('allows the emulator outside production', () => {
    for (const nodeEnv of ['development', 'test'] as const) {
      expect(() => assertSafeIdentityConfig({ nodeEnv, firebaseAuthEmulatorHost: '127.0.0.1:9099' })).not.toThrow();
    }
  });
});

describe('createIdentityVerifier', () => {
  it('turns a malformed ID token into a 401 for the client', async () => {
    const verifier = createIdentityVerifier({ firebaseProjectId: 'demo-shambasoko' });
    // Decoding fails before any key fetch, so this needs neither network nor emulator.
    const failure = verifier.verifyIdToken('not-a-jwt');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 401 });
  }, 20_000);
});
