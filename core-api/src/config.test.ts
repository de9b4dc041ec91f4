import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config';

const OPERATOR = 'o'.repeat(32);

describe('loadConfig', () => {
  it('has working defaults for local development', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config).toMatchObject({
      port: 4000,
      host: 'localhost',
      dataDir: path.resolve(__dirname, '..', '..', '.data'),
      databaseUrl: undefined,
      nodeEnv: 'development',
      firebaseProjectId: 'demo-shambasoko',
      firebaseAuthEmulatorHost: undefined,
    });
    expect(config.corsOrigins).toContain('http://localhost:3000');
    expect(config.corsOrigins).toContain('http://127.0.0.1:3004');
    expect(config.corsOrigins).toHaveLength(10);
    expect(config.jwtSecret.length).toBeGreaterThan(16);
  });

  it('reads and trims every variable, treating blank values as unset', () => {
    const config = loadConfig({
      NODE_ENV: ' test ',
      PORT: ' 8080 ',
      HOST: '0.0.0.0',
      DATA_DIR: 'tmp/data',
      DATABASE_URL: 'postgres://localhost/shambasoko',
      CORS_ORIGINS: 'https://shambasoko.co.ke, https://admin.shambasoko.co.ke ,',
      FIREBASE_PROJECT_ID: '',
      JWT_SECRET: '   ',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('tmp/data'));
    expect(config.databaseUrl).toBe('postgres://localhost/shambasoko');
    expect(config.corsOrigins).toEqual(['https://shambasoko.co.ke', 'https://admin.shambasoko.co.ke']);
    expect(config.firebaseProjectId).toBe('demo-shambasoko');
    expect(config.jwtSecret).toBe(DEV_JWT_SECRET);
  });

  it('trusts no proxy in production unless TRUST_PROXY names it; outside production the loopback proxy', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), OPERATOR_TOKEN: OPERATOR };
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ ...production, TRUST_PROXY: '10.0.0.0/8, fd00::/8 ,uniquelocal' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'uniquelocal',
    ]);
    expect(loadConfig({ ...production, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...production, TRUST_PROXY: 'none' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it.each(['true', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/2', '99'])('refuses TRUST_PROXY=%s, naming the variable', (value) => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('reads the sign-in limits: per address, per account, per sign-in, and the e-mail check budget', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).authRateLimit).toEqual({ perIp: 30, perAccount: 10, perSession: 10, emailStatus: 20 });
    const set = loadConfig({
      NODE_ENV: 'test',
      AUTH_RATE_LIMIT_PER_SESSION: '4',
      EMAIL_STATUS_RATE_LIMIT_PER_MINUTE: '6',
    }).authRateLimit;
    expect(set).toMatchObject({ perSession: 4, emailStatus: 6 });
  });

  it('rejects a port that is not a port, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PORT: '70000' })).toThrow(/PORT/);
  });

  it.each([
    ['unset', undefined],
    ['blank', '  '],
    ['unknown', 'staging'],
    ['mis-cased', 'Production'],
  ])('refuses to start with NODE_ENV %s', (_name, value) => {
    const env = value === undefined ? {} : { NODE_ENV: value };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/NODE_ENV must be one of development, test, production/);
  });

  const strongSecret = 'k'.repeat(32);
  it('requires a strong JWT_SECRET of its own in production and uses it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 's3cret-from-vault' })).toThrow(/at least 32 bytes/);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET })).toThrow(/development default/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: strongSecret, OPERATOR_TOKEN: OPERATOR }).jwtSecret).toBe(strongSecret);
  });

  it('points payments at the local sandbox outside production, and at nothing unless told in production', () => {
    const dev = loadConfig({ NODE_ENV: 'development' }).payments;
    expect(dev.mpesa).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', shortcode: '174379' });
    expect(dev.card).toMatchObject({ baseUrl: 'http://127.0.0.1:4010/card' });
    const production = { NODE_ENV: 'production', JWT_SECRET: strongSecret, OPERATOR_TOKEN: OPERATOR };
    expect(loadConfig(production).payments).toMatchObject({ mpesa: null, card: null, bank: { paybill: null } });
    // A method with part of its settings stays off.
    expect(
      loadConfig({ ...production, MPESA_BASE_URL: 'https://api.safaricom.co.ke', MPESA_SHORTCODE: '600000' }).payments.mpesa,
    ).toBeNull();
    const mpesa = {
      MPESA_BASE_URL: 'https://api.safaricom.co.ke',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '600000',
      MPESA_PASSKEY: 'p',
      MPESA_CALLBACK_URL: `https://api.example.co.ke/v1/payments/mpesa/callback/${randomBytes(32).toString('base64url')}`,
    };
    expect(loadConfig({ ...production, ...mpesa }).payments.mpesa).toMatchObject({
      shortcode: '600000',
      callbackUrl: mpesa.MPESA_CALLBACK_URL,
    });
  });

  it('requires an operator token in production, and https remote origins there', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(48) };
    expect(() => loadConfig(production)).toThrow(/OPERATOR_TOKEN must be set/);
    expect(() => loadConfig({ ...production, OPERATOR_TOKEN: 'short' })).toThrow(/at least 24 characters/);
    expect(() => loadConfig({ ...production, OPERATOR_TOKEN: OPERATOR, REMOTE_ORIGINS: 'https://a.example, http://b.example' })).toThrow(
      /REMOTE_ORIGINS must be https in production \(got http:\/\/b.example\)/,
    );
    expect(loadConfig({ ...production, OPERATOR_TOKEN: OPERATOR, REMOTE_ORIGINS: 'https://a.example/' }).remoteOrigins).toEqual([
      'https://a.example',
    ]);
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ operatorToken: undefined, remoteOrigins: [] });
  });

  describe('MPESA_CALLBACK_URL in production', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: strongSecret, OPERATOR_TOKEN: OPERATOR };
    const at = (token: string, origin = 'https://api.example.co.ke') => ({
      ...production,
      MPESA_CALLBACK_URL: `${origin}/v1/payments/mpesa/callback/${token}`,
    });
    const tooWeak = /^MPESA_CALLBACK_URL must end in a random token of at least 32 bytes in production/;

    it.each([
      ['the development token', 'dev-callback-token', /^MPESA_CALLBACK_URL ends in the public development token/],
      ['a one-character token', 'x', tooWeak],
      ['a short token', 'long-random-token', tooWeak],
      ['one character repeated', 'a'.repeat(64), tooWeak],
      ['a chunk repeated', 'Ab3_'.repeat(16), tooWeak],
      [
        'three characters in no repeated pattern',
        Array.from({ length: 60 }, (_, i) => 'xyz'[Math.floor(Math.sqrt(i + 2) * 1000) % 3]).join(''),
        tooWeak,
      ],
      ['42 base64url characters (31 bytes)', randomBytes(32).toString('base64url').slice(0, 42), tooWeak],
      ['hex shorter than 64 digits', randomBytes(31).toString('hex'), tooWeak],
      ['characters outside base64url', `${randomBytes(32).toString('base64url')}%21`, tooWeak],
    ])('refuses %s, naming the variable in one line', (_name, token, message) => {
      expect(() => loadConfig(at(token))).toThrow(ConfigError);
      expect(() => loadConfig(at(token))).toThrow(message);
    });

    it('refuses an http:// callback address, even with a strong token', () => {
      expect(() => loadConfig(at(randomBytes(32).toString('base64url'), 'http://api.example.co.ke'))).toThrow(
        /^MPESA_CALLBACK_URL must be https in production \(got http:\/\/\)\.$/,
      );
    });

    it('takes 32 random bytes as base64url or hex, every time', () => {
      for (let i = 0; i < 500; i += 1) {
        for (const token of [
          randomBytes(32).toString('base64url'),
          randomBytes(32).toString('hex'),
          randomBytes(48).toString('base64url'),
        ]) {
          expect(loadConfig(at(token)).payments.mpesa).toBeNull(); // the other MPESA_* are unset: off, but accepted
        }
      }
    });

    it('leaves development and test alone (the sandbox uses the development token over http)', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).payments.mpesa?.callbackUrl).toMatch(
        /^http:\/\/127\.0\.0\.1:4000\/.*\/dev-callback-token$/,
      );
      expect(loadConfig({ NODE_ENV: 'test', MPESA_CALLBACK_URL: 'http://127.0.0.1:9/cb/x' }).payments.mpesa?.callbackUrl).toBe(
        'http://127.0.0.1:9/cb/x',
      );
    });
  });

  describe('VAPID keys for web push', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'k'.repeat(32), OPERATOR_TOKEN: OPERATOR };
    const pair = {
      VAPID_PUBLIC_KEY: `B${'x'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'y'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@shambasoko.example',
    };

    it('development signs with one fixed pair in every process, and production pushes nothing without keys', () => {
      const dev = loadConfig({ NODE_ENV: 'development' }).notices.push;
      expect(dev).toEqual(loadConfig({ NODE_ENV: 'test' }).notices.push);
      expect(dev).toMatchObject({ publicKey: expect.stringMatching(/^B[A-Za-z0-9_-]{86}$/), subject: 'mailto:dev@shambasoko.local' });
      expect(loadConfig(production).notices.push).toBeNull();
      expect(loadConfig({ ...production, ...pair }).notices.push).toEqual({
        publicKey: pair.VAPID_PUBLIC_KEY,
        privateKey: pair.VAPID_PRIVATE_KEY,
        subject: pair.VAPID_SUBJECT,
      });
    });

    it('refuses a half-set pair in production and keys of the wrong shape anywhere', () => {
      expect(() => loadConfig({ ...production, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(
        /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together/,
      );
      expect(() => loadConfig({ NODE_ENV: 'development', VAPID_PRIVATE_KEY: 'short' })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'development', VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    });
  });

  describe('photo storage', () => {
    const keys = { S3_ACCESS_KEY_ID: 'key-id', S3_SECRET_ACCESS_KEY: 'secret' };

    it('is the disk without S3_BUCKET, and a bucket with it (path style when an endpoint is given)', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).photoStorage).toBeNull();
      expect(
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), OPERATOR_TOKEN: OPERATOR, S3_BUCKET: 'photos', ...keys })
          .photoStorage,
      ).toEqual({
        endpoint: undefined,
        bucket: 'photos',
        region: 'us-east-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      });
      const local = loadConfig({
        NODE_ENV: 'development',
        S3_BUCKET: 'photos',
        S3_ENDPOINT: 'http://127.0.0.1:4569',
        S3_REGION: 'af-south-1',
        ...keys,
      });
      expect(local.photoStorage).toMatchObject({ endpoint: 'http://127.0.0.1:4569', region: 'af-south-1', forcePathStyle: true });
      expect(
        loadConfig({
          NODE_ENV: 'development',
          S3_BUCKET: 'photos',
          S3_ENDPOINT: 'https://r2.example',
          S3_FORCE_PATH_STYLE: 'false',
          ...keys,
        }).photoStorage?.forcePathStyle,
      ).toBe(false);
    });

    it('refuses a bucket without its keys', () => {
      expect(() => loadConfig({ NODE_ENV: 'development', S3_BUCKET: 'photos' })).toThrow(
        'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
      );
    });
  });
});
