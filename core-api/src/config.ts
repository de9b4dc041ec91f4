import { createECDH, createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-photo-store';

/** The monorepo root: the default data folder lives there so every workspace finds the same one. */
const REPO_ROOT = path.resolve(__dirname, '..', '..');

const HOUR_MS = 3_600_000;

/** Public (it is in this repository): development and tests only, refused in production. */
export const DEV_JWT_SECRET = 'shambasoko-dev-only-secret-change-me';
const MIN_PRODUCTION_SECRET_BYTES = 32;
/** The development callback token; it is in this repository, so anyone could post "paid" with it. */
const DEV_MPESA_CALLBACK_TOKEN = 'dev-callback-token';
const DEV_B2C_RESULT_TOKEN = 'dev-b2c-token';
const DEV_SMS_DELIVERY_TOKEN = 'dev-sms-delivery-token';
const NODE_ENVS = ['development', 'test', 'production'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003, 3004].flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Set: use this PostgreSQL server. Unset: embedded PGlite in `<dataDir>/db`. */
  databaseUrl: string | undefined;
  /**
   * On PostgreSQL, text searches are matched and ranked on a thread of their own (SEARCH_THREAD=off:
   * on the API's thread, as on the embedded database, which one thread alone can reach). Off in tests.
   */
  searchThread: boolean;
  nodeEnv: 'development' | 'test' | 'production';
  firebaseProjectId: string;
  firebaseAuthEmulatorHost: string | undefined;
  corsOrigins: string[];
  jwtSecret: string;
  /** The identity provider's public web settings, handed to the front end by GET /v1/config. */
  firebaseWeb: { apiKey: string; authDomain: string; projectId: string; emulatorUrl: string | null };
  /**
   * Per minute: sign-in requests per client address; sign-ins per verified account; session refreshes
   * per sign-in; e-mail checks per address and per e-mail asked about (their own budget).
   */
  authRateLimit: { perIp: number; perAccount: number; perSession: number; emailStatus: number };
  /**
   * Which peers may say who the client is (X-Forwarded-For), in Fastify's trustProxy terms: false
   * (none: the socket's address is the client), a hop count, or addresses and CIDRs.
   */
  trustProxy: false | number | string[];
  /** How long an unpaid order holds its stock, per payment method, before the expiry job frees it. */
  orderPaymentWindowMs: { mpesa: number; bank: number; card: number };
  /** After delivery: earnings are released this long after it unless disputed; a dispute may be opened this long after it. */
  aftercare: { releaseAfterMs: number; disputeWindowMs: number };
  /** Payment providers (README "Payments"); a method whose settings are missing is null and answers 503. */
  payments: PaymentsConfig;
  /** New orders allowed per buyer in each window. */
  orderRateLimit: { perUser: number; windowMs: number };
  /** Promo code checks allowed per minute, per IP and per signed-in user. */
  promoValidateRateLimit: number;
  /** GET /v1/shared/:token.pdf per IP per minute: a link opened without signing in. */
  sharedPdfRateLimit: number;
  /** Card payment notifications (POST /v1/payments/card/notify) allowed per minute, per IP. */
  cardNotifyRateLimit: number;
  /** The deploy commands' secret (x-operator-token). Unset outside production: made at start in <dataDir>/operator-token. */
  operatorToken: string | undefined;
  /** Origins a remote's entry URL may come from (outside production, any http://localhost or 127.0.0.1 port too). */
  remoteOrigins: string[];
  /** The remotes.json that seeds an empty registry. */
  remotesSeed: string;
  /** pino's level; at info (the default) every request leaves one line. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** Notices outside the app (README "Notices"): SMS by Africa's Talking, e-mail by SMTP; null when unset. */
  notices: NoticesConfig;
  /** Photos in an S3-compatible bucket (S3_BUCKET set); null: files under <dataDir>, one process only. */
  photoStorage: S3Settings | null;
  /** GET /metrics in production asks for `Authorization: Bearer <this>`; unset there, it refuses everyone. */
  metricsToken: string | undefined;
  /** Where 5xx answers and job failures are reported (a Sentry-compatible DSN); unset: nowhere. */
  sentryDsn: string | undefined;
  /** Whether a webhook may point into a private network (loopback, 10/8, metadata…): production refuses. */
  webhookPrivateNetworks: 'allow' | 'refuse';
}

interface NoticesConfig {
  sms: { baseUrl: string; username: string; apiKey: string; senderId: string | null; deliveryToken: string } | null;
  email: { smtpUrl: string; from: string } | null;
  /** Web push's VAPID keys (base64url, as web-push takes them); null: no push notices. */
  push: { publicKey: string; privateKey: string; subject: string } | null;
}

export interface PaymentsConfig {
  mpesa: { baseUrl: string; consumerKey: string; consumerSecret: string; shortcode: string; passkey: string; callbackUrl: string } | null;
  card: { baseUrl: string; consumerKey: string; consumerSecret: string; ipnUrl: string } | null;
  /** Where the card page sends the buyer back: <publicAppUrl>/orders/:id/confirmation. */
  publicAppUrl: string;
  bank: { bankName: string; accountName: string; accountNumber: string; paybill: string | null };
  /** M-Pesa PIN prompts allowed per phone number and per account in each window (every API process together). */
  pushLimit: { perPhone: number; perAccount: number; windowMs: number };
  /** M-Pesa B2C (money out: payouts, refunds); null when its settings are missing. */
  b2c: B2cSettings | null;
  /** Seller payouts: the smallest one, and the most a seller may be paid out per Nairobi day. */
  payout: { minKes: number; dailyLimitKes: number };
}

export interface B2cSettings {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  initiator: string;
  securityCredential: string;
  /** POST /v1/payments/b2c/result/<token>; the queue timeout goes to .../timeout/<token>. */
  resultUrl: string;
}

/**
 * Development and test talk to the local sandbox (core-api/sandbox) with its public dev credentials;
 * the same values are written in the sandbox (this module never imports it).
 */
const SANDBOX_URL = 'http://127.0.0.1:4010';
const DEV_MPESA = {
  consumerKey: 'shambasoko-dev-key',
  consumerSecret: 'shambasoko-dev-secret',
  shortcode: '174379',
  passkey: 'shambasoko-dev-passkey-not-a-secret',
  b2cShortcode: '600000',
  b2cInitiator: 'shambasoko-dev-initiator',
  b2cSecurityCredential: 'shambasoko-dev-security-credential',
};

/** Trimmed; an empty value counts as unset, so `FOO= npm start` means "default", not "empty". */
function env<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }, schema);
}

const envSchema = z.object({
  PORT: env(z.coerce.number().int().min(0).max(65535).default(4000)),
  LOG_LEVEL: env(z.enum(LOG_LEVELS).default('info')),
  HOST: env(z.string().default('localhost')),
  DATA_DIR: env(z.string().optional()),
  DATABASE_URL: env(z.string().optional()),
  SEARCH_THREAD: env(z.enum(['on', 'off']).optional()),
  FIREBASE_PROJECT_ID: env(z.string().default('demo-shambasoko')),
  FIREBASE_AUTH_EMULATOR_HOST: env(z.string().optional()),
  CORS_ORIGINS: env(z.string().optional()),
  JWT_SECRET: env(z.string().optional()),
  FIREBASE_API_KEY: env(z.string().optional()),
  FIREBASE_AUTH_DOMAIN: env(z.string().optional()),
  AUTH_RATE_LIMIT_PER_IP: env(z.coerce.number().int().min(1).default(30)),
  AUTH_RATE_LIMIT_PER_ACCOUNT: env(z.coerce.number().int().min(1).default(10)),
  AUTH_RATE_LIMIT_PER_SESSION: env(z.coerce.number().int().min(1).default(10)),
  EMAIL_STATUS_RATE_LIMIT_PER_MINUTE: env(z.coerce.number().int().min(1).default(20)),
  TRUST_PROXY: env(z.string().optional()),
  ORDER_EXPIRY_BANK_HOURS: env(
    z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(72),
  ),
  ORDER_EXPIRY_CARD_HOURS: env(
    z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(1),
  ),
  ORDER_EXPIRY_MPESA_MINUTES: env(
    z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(30),
  ),
  RELEASE_AFTER_DAYS: env(z.coerce.number().positive().max(365).default(3)),
  DISPUTE_WINDOW_DAYS: env(z.coerce.number().positive().max(365).default(7)),
  MPESA_BASE_URL: env(z.string().url().optional()),
  MPESA_CONSUMER_KEY: env(z.string().optional()),
  MPESA_CONSUMER_SECRET: env(z.string().optional()),
  MPESA_SHORTCODE: env(z.string().optional()),
  MPESA_PASSKEY: env(z.string().optional()),
  MPESA_CALLBACK_URL: env(z.string().url().optional()),
  MPESA_B2C_SHORTCODE: env(z.string().optional()),
  MPESA_B2C_INITIATOR: env(z.string().optional()),
  MPESA_B2C_SECURITY_CREDENTIAL: env(z.string().optional()),
  MPESA_B2C_RESULT_URL: env(z.string().url().optional()),
  PAYOUT_MIN_KES: env(z.coerce.number().int().min(10).default(100)),
  PAYOUT_DAILY_LIMIT_KES: env(z.coerce.number().int().min(10).max(250_000).default(150_000)),
  MPESA_PUSH_LIMIT_PER_PHONE: env(z.coerce.number().int().min(1).default(3)),
  MPESA_PUSH_LIMIT_PER_ACCOUNT: env(z.coerce.number().int().min(1).default(5)),
  MPESA_PUSH_LIMIT_WINDOW_MINUTES: env(z.coerce.number().positive().default(10)),
  CARD_GATEWAY_URL: env(z.string().url().optional()),
  CARD_CONSUMER_KEY: env(z.string().optional()),
  CARD_CONSUMER_SECRET: env(z.string().optional()),
  CARD_IPN_URL: env(z.string().url().optional()),
  PUBLIC_APP_URL: env(z.string().url().optional()),
  BANK_NAME: env(z.string().optional()),
  BANK_ACCOUNT_NAME: env(z.string().optional()),
  BANK_ACCOUNT_NUMBER: env(z.string().optional()),
  BANK_PAYBILL: env(z.string().optional()),
  ORDER_RATE_LIMIT_PER_USER: env(z.coerce.number().int().min(1).default(10)),
  ORDER_RATE_LIMIT_WINDOW_MINUTES: env(z.coerce.number().positive().default(10)),
  PROMO_VALIDATE_RATE_LIMIT_PER_MINUTE: env(z.coerce.number().int().min(1).default(20)),
  SHARED_PDF_RATE_LIMIT_PER_MINUTE: env(z.coerce.number().int().min(1).default(30)),
  CARD_NOTIFY_RATE_LIMIT_PER_MINUTE: env(z.coerce.number().int().min(1).default(120)),
  OPERATOR_TOKEN: env(z.string().min(24, 'must be at least 24 characters').optional()),
  METRICS_TOKEN: env(z.string().min(24, 'must be at least 24 characters').optional()),
  SENTRY_DSN: env(z.string().url().optional()),
  WEBHOOK_PRIVATE_NETWORKS: env(z.enum(['allow', 'refuse']).optional()),
  REMOTE_ORIGINS: env(z.string().optional()),
  REMOTES_SEED: env(z.string().optional()),
  AT_BASE_URL: env(z.string().url().optional()),
  AT_USERNAME: env(z.string().optional()),
  AT_API_KEY: env(z.string().optional()),
  AT_SENDER_ID: env(z.string().optional()),
  SMS_DELIVERY_TOKEN: env(z.string().min(16).optional()),
  SMTP_URL: env(z.string().url().optional()),
  MAIL_FROM: env(z.string().optional()),
  S3_ENDPOINT: env(z.string().url().optional()),
  S3_BUCKET: env(z.string().optional()),
  S3_REGION: env(z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: env(z.string().optional()),
  S3_SECRET_ACCESS_KEY: env(z.string().optional()),
  S3_FORCE_PATH_STYLE: env(z.enum(['true', 'false']).optional()),
  VAPID_PUBLIC_KEY: env(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, base64url (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: env(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)')
      .optional(),
  ),
  VAPID_SUBJECT: env(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address')
      .optional(),
  ),
});

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // No default: a server started without NODE_ENV (or with a typo) must not quietly run as
  // development, where the token secret is public and seeded demo accounts exist.
  const nodeEnv = env.NODE_ENV?.trim();
  if (!nodeEnv || !(NODE_ENVS as readonly string[]).includes(nodeEnv)) {
    throw new ConfigError(
      `NODE_ENV must be one of ${NODE_ENVS.join(', ')} (got ${nodeEnv ? JSON.stringify(nodeEnv) : 'nothing'}). ` +
        '`npm start` sets development; a deployment must set production.',
    );
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const vars = parsed.data;

  const remoteOrigins = splitList(vars.REMOTE_ORIGINS ?? '').map((origin) => origin.replace(/\/+$/, ''));
  if (nodeEnv === 'production') {
    assertProductionSecret(vars.JWT_SECRET);
    if (vars.MPESA_CALLBACK_URL !== undefined) assertProductionCallbackUrl(vars.MPESA_CALLBACK_URL, 'MPESA_CALLBACK_URL');
    if (vars.MPESA_B2C_RESULT_URL !== undefined) assertProductionCallbackUrl(vars.MPESA_B2C_RESULT_URL, 'MPESA_B2C_RESULT_URL');
    if (vars.OPERATOR_TOKEN === undefined)
      throw new ConfigError('OPERATOR_TOKEN must be set when NODE_ENV=production (the deploy commands send it).');
    const plain = remoteOrigins.filter((origin) => !origin.startsWith('https://'));
    if (plain.length > 0) throw new ConfigError(`REMOTE_ORIGINS must be https in production (got ${plain.join(', ')}).`);
  }

  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    databaseUrl: vars.DATABASE_URL,
    searchThread: vars.DATABASE_URL !== undefined && (vars.SEARCH_THREAD ?? (nodeEnv === 'test' ? 'off' : 'on')) === 'on',
    nodeEnv: nodeEnv as Config['nodeEnv'],
    firebaseProjectId: vars.FIREBASE_PROJECT_ID,
    firebaseAuthEmulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST,
    corsOrigins: vars.CORS_ORIGINS === undefined ? DEFAULT_CORS_ORIGINS : splitList(vars.CORS_ORIGINS),
    jwtSecret: vars.JWT_SECRET ?? DEV_JWT_SECRET,
    firebaseWeb: {
      // A demo project needs no real key; a real project's web key is public by design.
      apiKey: vars.FIREBASE_API_KEY ?? `${vars.FIREBASE_PROJECT_ID}-key`,
      authDomain: vars.FIREBASE_AUTH_DOMAIN ?? `${vars.FIREBASE_PROJECT_ID}.firebaseapp.com`,
      projectId: vars.FIREBASE_PROJECT_ID,
      emulatorUrl: vars.FIREBASE_AUTH_EMULATOR_HOST ? `http://${vars.FIREBASE_AUTH_EMULATOR_HOST}` : null,
    },
    authRateLimit: {
      perIp: vars.AUTH_RATE_LIMIT_PER_IP,
      perAccount: vars.AUTH_RATE_LIMIT_PER_ACCOUNT,
      perSession: vars.AUTH_RATE_LIMIT_PER_SESSION,
      emailStatus: vars.EMAIL_STATUS_RATE_LIMIT_PER_MINUTE,
    },
    trustProxy: trustProxyFrom(vars.TRUST_PROXY, nodeEnv as Config['nodeEnv']),
    orderPaymentWindowMs: {
      mpesa: Math.round(vars.ORDER_EXPIRY_MPESA_MINUTES * 60_000),
      bank: Math.round(vars.ORDER_EXPIRY_BANK_HOURS * HOUR_MS),
      card: Math.round(vars.ORDER_EXPIRY_CARD_HOURS * HOUR_MS),
    },
    aftercare: {
      releaseAfterMs: Math.round(vars.RELEASE_AFTER_DAYS * 24 * HOUR_MS),
      disputeWindowMs: Math.round(vars.DISPUTE_WINDOW_DAYS * 24 * HOUR_MS),
    },
    payments: paymentsConfig(vars, nodeEnv === 'production'),
    orderRateLimit: { perUser: vars.ORDER_RATE_LIMIT_PER_USER, windowMs: Math.round(vars.ORDER_RATE_LIMIT_WINDOW_MINUTES * 60_000) },
    promoValidateRateLimit: vars.PROMO_VALIDATE_RATE_LIMIT_PER_MINUTE,
    sharedPdfRateLimit: vars.SHARED_PDF_RATE_LIMIT_PER_MINUTE,
    cardNotifyRateLimit: vars.CARD_NOTIFY_RATE_LIMIT_PER_MINUTE,
    operatorToken: vars.OPERATOR_TOKEN,
    remoteOrigins,
    logLevel: vars.LOG_LEVEL,
    remotesSeed: path.resolve(vars.REMOTES_SEED ?? path.join(REPO_ROOT, 'shell', 'public', 'remotes.json')),
    notices: noticesConfig(vars, nodeEnv === 'production'),
    metricsToken: vars.METRICS_TOKEN,
    sentryDsn: vars.SENTRY_DSN,
    webhookPrivateNetworks: vars.WEBHOOK_PRIVATE_NETWORKS ?? (nodeEnv === 'production' ? 'refuse' : 'allow'),
    photoStorage: photoStorageConfig(vars),
  };
}

function photoStorageConfig(vars: EnvVars): S3Settings | null {
  if (vars.S3_BUCKET === undefined) return null;
  if (vars.S3_ACCESS_KEY_ID === undefined || vars.S3_SECRET_ACCESS_KEY === undefined)
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  return {
    endpoint: vars.S3_ENDPOINT,
    bucket: vars.S3_BUCKET,
    region: vars.S3_REGION,
    accessKeyId: vars.S3_ACCESS_KEY_ID,
    secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
    // A custom endpoint (MinIO, the stand-in) usually serves path-style addresses; AWS itself virtual-host ones.
    forcePathStyle: vars.S3_FORCE_PATH_STYLE === undefined ? vars.S3_ENDPOINT !== undefined : vars.S3_FORCE_PATH_STYLE === 'true',
  };
}

/** Development and test: the sandbox's Africa's Talking endpoint and the local mail catcher. */
function noticesConfig(vars: EnvVars, production: boolean): NoticesConfig {
  const dev = <T>(value: T | undefined, fallback: T): T | undefined => value ?? (production ? undefined : fallback);
  const baseUrl = dev(vars.AT_BASE_URL, `${SANDBOX_URL}/africastalking`);
  const username = dev(vars.AT_USERNAME, 'sandbox');
  const apiKey = dev(vars.AT_API_KEY, 'sandbox-api-key');
  const deliveryToken = dev(vars.SMS_DELIVERY_TOKEN, DEV_SMS_DELIVERY_TOKEN);
  const smtpUrl = dev(vars.SMTP_URL, 'smtp://127.0.0.1:1025');
  return {
    sms:
      baseUrl && username && apiKey && deliveryToken
        ? { baseUrl: baseUrl.replace(/\/+$/, ''), username, apiKey, senderId: vars.AT_SENDER_ID ?? null, deliveryToken }
        : null,
    email: smtpUrl ? { smtpUrl, from: vars.MAIL_FROM ?? 'ShambaSoko <no-reply@shambasoko.local>' } : null,
    push: pushConfig(vars, production),
  };
}

/**
 * Production: the three VAPID settings or no push. Elsewhere a key pair derived from a fixed seed, so
 * every process (npm start, the browser tests' two APIs) signs with the same key and no setup is needed.
 */
function pushConfig(vars: EnvVars, production: boolean): NoticesConfig['push'] {
  const subject = vars.VAPID_SUBJECT ?? (production ? undefined : 'mailto:dev@shambasoko.local');
  const set = [vars.VAPID_PUBLIC_KEY, vars.VAPID_PRIVATE_KEY, vars.VAPID_SUBJECT].filter(Boolean).length;
  if (production && set > 0 && set < 3)
    throw new ConfigError('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three or none.');
  if (vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY && subject) {
    return { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY, subject };
  }
  if (production || !subject) return null;
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHash('sha256').update('shambasoko-dev-vapid-key').digest());
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: ecdh.getPrivateKey().toString('base64url'), subject };
}

type EnvVars = z.infer<typeof envSchema>;

/** Production takes only what is set; development and test fall back to the sandbox. */
function paymentsConfig(vars: EnvVars, production: boolean): PaymentsConfig {
  const dev = <T>(value: T | undefined, fallback: T): T | undefined => value ?? (production ? undefined : fallback);
  const port = vars.PORT;
  const mpesa = {
    baseUrl: dev(vars.MPESA_BASE_URL, SANDBOX_URL),
    consumerKey: dev(vars.MPESA_CONSUMER_KEY, DEV_MPESA.consumerKey),
    consumerSecret: dev(vars.MPESA_CONSUMER_SECRET, DEV_MPESA.consumerSecret),
    shortcode: dev(vars.MPESA_SHORTCODE, DEV_MPESA.shortcode),
    passkey: dev(vars.MPESA_PASSKEY, DEV_MPESA.passkey),
    callbackUrl: dev(vars.MPESA_CALLBACK_URL, `http://127.0.0.1:${port}/v1/payments/mpesa/callback/${DEV_MPESA_CALLBACK_TOKEN}`),
  };
  const card = {
    baseUrl: dev(vars.CARD_GATEWAY_URL, `${SANDBOX_URL}/card`),
    consumerKey: dev(vars.CARD_CONSUMER_KEY, DEV_MPESA.consumerKey),
    consumerSecret: dev(vars.CARD_CONSUMER_SECRET, DEV_MPESA.consumerSecret),
    ipnUrl: dev(vars.CARD_IPN_URL, `http://127.0.0.1:${port}/v1/payments/card/notify`),
  };
  const b2c = {
    baseUrl: mpesa.baseUrl,
    consumerKey: mpesa.consumerKey,
    consumerSecret: mpesa.consumerSecret,
    shortcode: dev(vars.MPESA_B2C_SHORTCODE, DEV_MPESA.b2cShortcode),
    initiator: dev(vars.MPESA_B2C_INITIATOR, DEV_MPESA.b2cInitiator),
    securityCredential: dev(vars.MPESA_B2C_SECURITY_CREDENTIAL, DEV_MPESA.b2cSecurityCredential),
    resultUrl: dev(vars.MPESA_B2C_RESULT_URL, `http://127.0.0.1:${port}/v1/payments/b2c/result/${DEV_B2C_RESULT_TOKEN}`),
  };
  const complete = <T extends Record<string, string | undefined>>(settings: T) =>
    Object.values(settings).every((value) => value !== undefined) ? (settings as { [K in keyof T]: string }) : null;
  return {
    mpesa: complete(mpesa),
    card: complete(card),
    publicAppUrl: (vars.PUBLIC_APP_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    bank: {
      bankName: vars.BANK_NAME ?? 'Equity Bank Kenya',
      accountName: vars.BANK_ACCOUNT_NAME ?? 'ShambaSoko Ltd',
      accountNumber: vars.BANK_ACCOUNT_NUMBER ?? '0170 2990 4455',
      paybill: vars.BANK_PAYBILL ?? (production ? null : '247247'),
    },
    pushLimit: {
      perPhone: vars.MPESA_PUSH_LIMIT_PER_PHONE,
      perAccount: vars.MPESA_PUSH_LIMIT_PER_ACCOUNT,
      windowMs: Math.round(vars.MPESA_PUSH_LIMIT_WINDOW_MINUTES * 60_000),
    },
    b2c: complete(b2c),
    payout: { minKes: vars.PAYOUT_MIN_KES, dailyLimitKes: vars.PAYOUT_DAILY_LIMIT_KES },
  };
}

function assertProductionSecret(secret: string | undefined): void {
  if (secret === undefined) throw new ConfigError('JWT_SECRET must be set when NODE_ENV=production (the development default is public).');
  if (secret === DEV_JWT_SECRET)
    throw new ConfigError('JWT_SECRET is the public development default; set a secret of your own in production.');
  if (Buffer.byteLength(secret, 'utf8') < MIN_PRODUCTION_SECRET_BYTES) {
    throw new ConfigError(
      `JWT_SECRET must be at least ${MIN_PRODUCTION_SECRET_BYTES} bytes in production (e.g. \`openssl rand -base64 48\`).`,
    );
  }
}

/** Bits per character of the token's own character counts: tokens of few distinct characters score low. */
function entropyPerChar(token: string): number {
  const counts = new Map<string, number>();
  for (const char of token) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / token.length) * Math.log2(count / token.length);
  return bits;
}

/** "abcabcabc…": the same chunk over and over. */
function repeatsAChunk(token: string): boolean {
  for (let period = 1; period <= token.length / 2; period += 1) {
    if (token.slice(period) === token.slice(0, token.length - period)) return true;
  }
  return false;
}

/**
 * Daraja signs nothing: whoever knows the callback URL can report a payment, so in production its last
 * segment must be 32 random bytes or more (base64url or hex) and it must travel over https only.
 */
function assertProductionCallbackUrl(value: string, name: string): void {
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new ConfigError(`${name} must be https in production (got ${url.protocol}//).`);
  const token = url.pathname.split('/').filter(Boolean).pop() ?? '';
  if (token === DEV_MPESA_CALLBACK_TOKEN || token === DEV_B2C_RESULT_TOKEN)
    throw new ConfigError(`${name} ends in the public development token; end it in a secret of your own in production.`);
  const hex = /^[0-9a-f]+$/i.test(token);
  // 32 random bytes: 43 base64url characters (6 bits each) or 64 hex digits (4 bits each).
  const strong =
    /^[A-Za-z0-9_-]+$/.test(token) &&
    token.length >= (hex ? 64 : 43) &&
    // 200,000 random tokens never scored under 3.37 (hex) or 4.15 (base64url); "aaaa…" scores 0, "abab…" 1.
    entropyPerChar(token) >= (hex ? 3 : 3.8) &&
    !repeatsAChunk(token);
  if (!strong) {
    throw new ConfigError(
      `${name} must end in a random token of at least 32 bytes in production (e.g. \`openssl rand -hex 32\`, or 43+ base64url characters).`,
    );
  }
}

/** proxy-addr's names for ranges, accepted as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Unset: nobody in production (the socket's peer is the client); outside it, the loopback proxy of
 * `npm start`'s static servers. "true" is refused: it would let every client name its own address.
 */
function trustProxyFrom(value: string | undefined, nodeEnv: Config['nodeEnv']): Config['trustProxy'] {
  if (value === undefined) return nodeEnv === 'production' ? false : ['127.0.0.1', '::1'];
  if (/^(false|none)$/i.test(value)) return false;
  if (/^true$/i.test(value)) {
    throw new ConfigError(
      'TRUST_PROXY=true would trust any client to name its own address; give the proxy hop count (e.g. 1) or its addresses or CIDRs.',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY hop count must be at most 10 (got ${value}).`);
    return hops === 0 ? false : hops;
  }
  const entries = splitList(value);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length === 0 || bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be false, a hop count, or a comma-separated list of addresses and CIDRs (not understood: ${bad.join(', ') || value}).`,
    );
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
