// Development stand-in for Safaricom Daraja (M-Pesa Express), a Pesapal-style hosted card gateway and
// Africa's Talking's SMS API, plus a mail catcher (SMTP) and a Web Push service with fake subscribers.
// Its own process (main.ts) in `npm start`, in-process in tests; core-api/src never imports it.
import Fastify from 'fastify';
import { type SandboxB2cSettings, type SandboxDisbursement, createB2c } from './b2c';
import { createCardGateway } from './card-gateway';
import { createDaraja } from './daraja';
import { type SandboxMail, createMail } from './mail';
import { registerPhonePages } from './phone-page';
import { type SandboxPush, createPush } from './push';
import { type SandboxSms, createSms } from './sms';

export interface SandboxCredentials {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
}

export interface SandboxOptions {
  /** 0 = any free port (tests). Default 4010. */
  port?: number;
  host?: string;
  /** Daraja's app credentials; the card gateway takes the same key and secret. */
  credentials?: SandboxCredentials;
  /** An unanswered PIN prompt times out (callback 1037) after this long. Default 60 000. */
  promptTimeoutMs?: number;
  /** Origin the browser uses for pages (default http://localhost:<port>). */
  publicUrl?: string;
  /** B2C's initiator settings (default SANDBOX_B2C). */
  b2c?: SandboxB2cSettings;
  /** false: B2C results wait for `settleB2c` instead of following each request. Default true. */
  b2cAutoResult?: boolean;
  /** Where the SMS API posts delivery reports (our API's /v1/notices/sms/delivery/<token>); none: no reports. */
  smsDeliveryReportUrl?: string;
  /** The mail catcher's SMTP port (0 = any free port); unset: no SMTP listener, /mail stays empty. */
  smtpPort?: number;
  /** One line per notable event (prompts, callbacks, card payments); never card numbers. */
  log?: (line: string) => void;
}

export interface SandboxPrompt {
  checkoutRequestId: string;
  merchantRequestId: string;
  phone: string;
  amount: number;
  accountReference: string;
  status: 'waiting' | 'accepted' | 'declined' | 'timed_out';
  callbackUrl: string;
  /** Callback POSTs made for this prompt (answered or not: like Safaricom, no retries). */
  callbacksSent: number;
}

export interface AnswerOptions {
  /** Amount reported in the callback instead of the one requested (wrong-amount test). */
  amount?: number;
  /** false: settle the prompt (queries see the result) but send no callback; replayCallback sends it later. */
  deliver?: boolean;
}

export interface PaymentsSandbox {
  /** Resolves with the base URL (http://host:port). */
  listen(): Promise<string>;
  close(): Promise<void>;
  prompts(): SandboxPrompt[];
  /** What the person does with the PIN prompt. Throws for an unknown or already answered prompt. */
  answer(checkoutRequestId: string, action: 'accept' | 'decline' | 'timeout', opts?: AnswerOptions): Promise<void>;
  /** Sends the prompt's callback (the same body) again: replays, or a late first delivery after `deliver: false`. */
  replayCallback(checkoutRequestId: string): Promise<void>;
  /** B2C payments received, as M-Pesa holds them. */
  disbursements(): SandboxDisbursement[];
  /** Pays (or fails) a B2C payment; `deliver: false` settles it without posting the result. */
  settleB2c(originatorConversationId: string, outcome: 'paid' | 'failed', opts?: { deliver?: boolean }): Promise<void>;
  /** Posts the B2C result again (a replay, or a late first delivery). */
  replayB2cResult(originatorConversationId: string): Promise<void>;
  /** Posts M-Pesa's queue timeout for a B2C payment. */
  b2cQueueTimeout(originatorConversationId: string): Promise<void>;
  /** false: B2C results wait for `settleB2c` (true again: each request is paid a moment later). */
  b2cAutoResult(on: boolean): void;
  /** B2C payment requests answer 503 while on (POST /sandbox/b2c/outage {"on": true} does the same). */
  b2cOutage(on: boolean): void;
  /** How many GetTransactionStatus calls named this card order. */
  cardStatusQueries(trackingId: string): number;
  /** GetTransactionStatus reports this currency for the card order from now on (KES unless told). */
  reportCardCurrency(trackingId: string, currency: string): void;
  /** Every SMS the Africa's Talking stand-in accepted, oldest first. */
  sms(): SandboxSms[];
  /** The SMS API answers 503 while on (POST /sandbox/sms/outage {"on": true} does the same). */
  smsOutage(on: boolean): void;
  /** false: no automatic delivery reports; post them with `reportSms`. */
  smsAutoReport(on: boolean): void;
  reportSms(id: string, status: 'Success' | 'Failed', failureReason?: string): Promise<void>;
  /** Every e-mail the mail catcher received, oldest first. */
  mail(): SandboxMail[];
  /** The SMTP port after `listen` (null without `smtpPort`). */
  smtpPort(): number | null;
  /** SMTP connections the mail catcher accepted so far, and how many of them are still open. */
  smtpConnections(): { opened: number; open: number };
  /** Every push the Web Push stand-in accepted, oldest first, decrypted. */
  pushes(): SandboxPush[];
  /** The push service answers 503 while on (POST /sandbox/push/outage {"on": true} does the same). */
  pushOutage(on: boolean): void;
}

/** Development values; core-api's development defaults repeat them (it never imports this folder). */
export const SANDBOX_CREDENTIALS = {
  consumerKey: 'shambasoko-dev-key',
  consumerSecret: 'shambasoko-dev-secret',
  shortcode: '174379',
  passkey: 'shambasoko-dev-passkey-not-a-secret',
} as const satisfies SandboxCredentials;

/** B2C's development initiator; core-api's development defaults repeat them. */
export const SANDBOX_B2C = {
  shortcode: '600000',
  initiator: 'shambasoko-dev-initiator',
  securityCredential: 'shambasoko-dev-security-credential',
} as const satisfies SandboxB2cSettings;

export const DEFAULT_SANDBOX_PORT = 4010;

const OUTAGE = { errorCode: '503.001.01', errorMessage: 'Service unavailable' };
const API_PREFIXES = ['/oauth/', '/mpesa/', '/card/api/'];

export function createPaymentsSandbox(options: SandboxOptions = {}): PaymentsSandbox {
  const host = options.host ?? '127.0.0.1';
  const credentials = options.credentials ?? SANDBOX_CREDENTIALS;
  const log = options.log ?? (() => {});
  let port = options.port ?? DEFAULT_SANDBOX_PORT;
  let down = false;

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // Forms post urlencoded bodies (the phone's buttons, the hosted card page).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    void reply.code(status).send({ errorCode: status === 500 ? '500.003.02' : '400.002.02', errorMessage: 'Bad Request' });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (down && API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return reply.code(503).send(OUTAGE);
  });
  app.post('/sandbox/outage', async (request, reply) => {
    const body = request.body as { down?: unknown } | undefined;
    if (typeof body?.down !== 'boolean') return reply.code(400).send({ error: 'Send {"down": true|false}.' });
    down = body.down;
    log(down ? 'outage ON: the payment APIs answer 503' : 'outage OFF');
    return { down };
  });
  app.get('/health', async () => ({ ok: true }));

  const daraja = createDaraja({ credentials, promptTimeoutMs: options.promptTimeoutMs ?? 60_000, log });
  daraja.register(app);
  const b2c = createB2c({
    settings: options.b2c ?? SANDBOX_B2C,
    tokenValid: daraja.tokenValid,
    autoResult: options.b2cAutoResult ?? true,
    log,
  });
  b2c.register(app);
  registerPhonePages(app, daraja, b2c);
  const sms = createSms({ deliveryReportUrl: options.smsDeliveryReportUrl, log });
  sms.register(app);
  const mail = createMail({ host, port: options.smtpPort ?? null, log });
  mail.register(app);
  const push = createPush({ baseUrl: () => `http://${host}:${port}`, log });
  push.register(app);
  const card = createCardGateway({ credentials, log, publicUrl: () => options.publicUrl ?? `http://localhost:${port}` });
  card.register(app);

  return {
    async listen() {
      await mail.listen();
      await app.listen({ port, host });
      const address = app.server.address();
      if (address && typeof address === 'object') port = address.port;
      return `http://${host}:${port}`;
    },
    async close() {
      daraja.close();
      await app.close();
      await mail.close();
    },
    prompts: () => daraja.list(),
    answer: (id, action, opts) => daraja.answer(id, action, opts),
    replayCallback: (id) => daraja.replay(id),
    disbursements: () => b2c.list(),
    settleB2c: (id, outcome, opts) => b2c.settle(id, outcome, opts),
    replayB2cResult: (id) => b2c.replay(id),
    b2cQueueTimeout: (id) => b2c.queueTimeout(id),
    b2cOutage: (on) => b2c.setOutage(on),
    b2cAutoResult: (on) => b2c.setAutoResult(on),
    cardStatusQueries: (id) => card.statusQueries(id),
    reportCardCurrency: (id, currency) => card.reportCurrency(id, currency),
    sms: () => sms.list(),
    smsOutage: (on) => sms.setOutage(on),
    smsAutoReport: (on) => sms.setAutoReport(on),
    reportSms: (id, status, reason) => sms.report(id, status, reason),
    mail: () => mail.list(),
    smtpPort: () => mail.port(),
    smtpConnections: () => mail.connections(),
    pushes: () => push.list(),
    pushOutage: (on) => push.setOutage(on),
  };
}
