// Daraja's M-Pesa Express shapes: OAuth token, STK push, STK query, and the result callback.
import { nairobiClock } from '@shambasoko/contracts/time';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerOptions, SandboxCredentials, SandboxPrompt } from './server';

type Action = 'accept' | 'decline' | 'timeout';

interface Prompt extends SandboxPrompt {
  createdAt: number;
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  callback: unknown;
  timer: NodeJS.Timeout | null;
}

const RESULTS: Record<Action, { status: SandboxPrompt['status']; code: number; desc: string }> = {
  accept: { status: 'accepted', code: 0, desc: 'The service request is processed successfully.' },
  decline: { status: 'declined', code: 1032, desc: 'Request cancelled by user' },
  timeout: { status: 'timed_out', code: 1037, desc: 'DS timeout user cannot be reached' },
};

const TOKEN_SECONDS = 3599;
const MAX_AMOUNT = 250_000; // M-Pesa's per-transaction limit
const PHONE = /^254[17]\d{8}$/;
const TIMESTAMP = /^\d{14}$/;

/** Nairobi time as Daraja writes it: YYYYMMDDHHmmss. */
export function nairobiTimestamp(at = Date.now()): string {
  return nairobiClock(new Date(at)).toISOString().replace(/\D/g, '').slice(0, 14);
}

const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomInt(1e9, 1e10)}`;
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

function badRequest(reply: FastifyReply, field: string) {
  return reply.code(400).send({ requestId: requestId(), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
}

function wholeAmount(value: unknown): number | null {
  const raw = text(value);
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const amount = Number(raw);
  return amount >= 1 && amount <= MAX_AMOUNT ? amount : null;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function createDaraja(options: { credentials: SandboxCredentials; promptTimeoutMs: number; log: (line: string) => void }) {
  const { credentials, log } = options;
  const tokens = new Map<string, number>();
  const prompts = new Map<string, Prompt>();
  let sequence = 0;

  const tokenValid = (request: FastifyRequest) => {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  };
  const refuseToken = (reply: FastifyReply) =>
    reply.code(401).send({ requestId: requestId(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });

  /** The fields push and query share: the shortcode and its password for this timestamp. Returns the bad field. */
  function badCredentialField(body: Record<string, unknown>): string | null {
    if (text(body.BusinessShortCode) !== credentials.shortcode) return 'BusinessShortCode';
    const timestamp = text(body.Timestamp);
    if (!timestamp || !TIMESTAMP.test(timestamp)) return 'Timestamp';
    const expected = Buffer.from(credentials.shortcode + credentials.passkey + timestamp).toString('base64');
    if (body.Password !== expected) return 'Password';
    return null;
  }

  async function deliver(prompt: Prompt): Promise<void> {
    prompt.callbacksSent += 1;
    try {
      const response = await fetch(prompt.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(prompt.callback),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      log(`callback ${prompt.checkoutRequestId} (ResultCode ${prompt.resultCode}) → ${response.status}`);
    } catch (error) {
      // Safaricom does not retry either: the API's status query has to settle it.
      log(`callback ${prompt.checkoutRequestId} not delivered: ${(error as Error).message}`);
    }
  }

  async function answer(id: string, action: Action, opts: AnswerOptions = {}): Promise<void> {
    const prompt = prompts.get(id);
    if (!prompt) throw new Error(`No prompt ${id}`);
    if (prompt.status !== 'waiting') throw new Error(`Prompt ${id} is already ${prompt.status}`);
    const result = RESULTS[action];
    if (prompt.timer) clearTimeout(prompt.timer);
    prompt.timer = null;
    prompt.status = result.status;
    prompt.resultCode = result.code;
    prompt.resultDesc = result.desc;
    const stkCallback: Record<string, unknown> = {
      MerchantRequestID: prompt.merchantRequestId,
      CheckoutRequestID: prompt.checkoutRequestId,
      ResultCode: result.code,
      ResultDesc: result.desc,
    };
    if (action === 'accept') {
      prompt.receipt = receiptNumber();
      stkCallback.CallbackMetadata = {
        Item: [
          { Name: 'Amount', Value: opts.amount ?? prompt.amount },
          { Name: 'MpesaReceiptNumber', Value: prompt.receipt },
          { Name: 'TransactionDate', Value: Number(nairobiTimestamp()) },
          { Name: 'PhoneNumber', Value: Number(prompt.phone) },
        ],
      };
    }
    prompt.callback = { Body: { stkCallback } };
    log(`prompt ${id} ${prompt.status}${prompt.receipt ? ` (receipt ${prompt.receipt})` : ''}`);
    if (opts.deliver !== false) await deliver(prompt);
  }

  function register(app: FastifyInstance) {
    app.get('/oauth/v1/generate', async (request, reply) => {
      const query = request.query as { grant_type?: string };
      if (query.grant_type !== 'client_credentials')
        return reply.code(400).send({ errorCode: '400.008.02', errorMessage: 'Invalid grant type passed' });
      const match = /^Basic (\S+)$/.exec(request.headers.authorization ?? '');
      const pair = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
      if (pair !== `${credentials.consumerKey}:${credentials.consumerSecret}`)
        return reply.code(400).send({ errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
      const token = randomBytes(14).toString('base64url');
      tokens.set(token, Date.now() + TOKEN_SECONDS * 1000);
      return { access_token: token, expires_in: String(TOKEN_SECONDS) };
    });

    app.post('/mpesa/stkpush/v1/processrequest', async (request, reply) => {
      if (!tokenValid(request)) return refuseToken(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const badCredential = badCredentialField(body);
      if (badCredential) return badRequest(reply, badCredential);
      if (body.TransactionType !== 'CustomerPayBillOnline' && body.TransactionType !== 'CustomerBuyGoodsOnline')
        return badRequest(reply, 'TransactionType');
      const amount = wholeAmount(body.Amount);
      if (amount === null) return badRequest(reply, 'Amount');
      const partyA = text(body.PartyA);
      if (!partyA || !PHONE.test(partyA)) return badRequest(reply, 'PartyA');
      if (text(body.PartyB) !== credentials.shortcode) return badRequest(reply, 'PartyB');
      const phone = text(body.PhoneNumber);
      if (!phone || !PHONE.test(phone)) return badRequest(reply, 'PhoneNumber');
      if (typeof body.CallBackURL !== 'string' || !isHttpUrl(body.CallBackURL)) return badRequest(reply, 'CallBackURL');
      const reference = text(body.AccountReference);
      if (!reference || reference.length > 12) return badRequest(reply, 'AccountReference');
      const description = text(body.TransactionDesc);
      if (!description || description.length > 13) return badRequest(reply, 'TransactionDesc');

      sequence += 1;
      const prompt: Prompt = {
        checkoutRequestId: `ws_CO_${nairobiTimestamp()}${String(sequence).padStart(4, '0')}${randomInt(1000, 10000)}`,
        merchantRequestId: `${randomInt(10000, 100000)}-${randomInt(1e7, 1e8)}-${sequence}`,
        phone,
        amount,
        accountReference: reference,
        status: 'waiting',
        callbackUrl: body.CallBackURL,
        callbacksSent: 0,
        createdAt: Date.now(),
        resultCode: null,
        resultDesc: null,
        receipt: null,
        callback: null,
        timer: null,
      };
      prompt.timer = setTimeout(() => void answer(prompt.checkoutRequestId, 'timeout').catch(() => {}), options.promptTimeoutMs);
      prompt.timer.unref();
      prompts.set(prompt.checkoutRequestId, prompt);
      log(`prompt ${prompt.checkoutRequestId}: Ksh ${amount} from ${phone}, account ${reference}`);
      const accepted = 'Success. Request accepted for processing';
      return {
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: accepted,
        CustomerMessage: accepted,
      };
    });

    app.post('/mpesa/stkpushquery/v1/query', async (request, reply) => {
      if (!tokenValid(request)) return refuseToken(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const badCredential = badCredentialField(body);
      if (badCredential) return badRequest(reply, badCredential);
      const prompt = typeof body.CheckoutRequestID === 'string' ? prompts.get(body.CheckoutRequestID) : undefined;
      if (!prompt) return badRequest(reply, 'CheckoutRequestID');
      if (prompt.status === 'waiting')
        return reply
          .code(500)
          .send({ requestId: requestId(), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
      return {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResultCode: String(prompt.resultCode),
        ResultDesc: prompt.resultDesc,
      };
    });

    // What the person does on the phone page (also usable by tests over HTTP): form posts or JSON.
    app.post('/phone/prompts/:id/:action', async (request, reply) => {
      const { id, action } = request.params as { id: string; action: string };
      const body = (request.body ?? {}) as { pin?: unknown; view?: unknown };
      const isForm = String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const prompt = prompts.get(id);
      const back = (error?: string) => {
        // Back to the page the form came from: one number's phone, or every prompt (`view` empty).
        const msisdn = typeof body.view === 'string' ? body.view : (prompt?.phone ?? '');
        const query = new URLSearchParams(msisdn ? { msisdn } : {});
        if (error) query.set('error', error);
        return reply.redirect(`/phone${query.size ? `?${query}` : ''}`, 303);
      };
      if (action !== 'accept' && action !== 'decline' && action !== 'timeout') return reply.code(404).send({ error: 'Unknown action' });
      if (!prompt) return isForm ? back('gone') : reply.code(404).send({ error: 'No such prompt' });
      if (prompt.status !== 'waiting')
        return isForm ? back('gone') : reply.code(409).send({ error: `The prompt is already ${prompt.status}` });
      if (action === 'accept' && !/^\d{4}$/.test(text(body.pin) ?? ''))
        return isForm ? back('pin') : reply.code(400).send({ error: 'Enter a 4-digit M-PESA PIN' });
      await answer(id, action);
      return isForm ? back() : { status: prompt.status, receipt: prompt.receipt };
    });
  }

  return {
    register,
    answer,
    tokenValid,
    async replay(id: string) {
      const prompt = prompts.get(id);
      if (!prompt) throw new Error(`No prompt ${id}`);
      if (!prompt.callback) throw new Error(`Prompt ${id} has no result yet`);
      await deliver(prompt);
    },
    list: (): SandboxPrompt[] =>
      [...prompts.values()].map((p) => ({
        checkoutRequestId: p.checkoutRequestId,
        merchantRequestId: p.merchantRequestId,
        phone: p.phone,
        amount: p.amount,
        accountReference: p.accountReference,
        status: p.status,
        callbackUrl: p.callbackUrl,
        callbacksSent: p.callbacksSent,
      })),
    /** For the phone page: newest first, with the receipt once paid. */
    forPhone: (msisdn: string | undefined) =>
      [...prompts.values()]
        .filter((p) => !msisdn || p.phone === msisdn)
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((p) => ({
          id: p.checkoutRequestId,
          phone: p.phone,
          amount: p.amount,
          account: p.accountReference,
          status: p.status,
          receipt: p.receipt,
        })),
    close() {
      for (const prompt of prompts.values()) if (prompt.timer) clearTimeout(prompt.timer);
    },
  };
}

/** Like Safaricom's: 10 characters, letters and digits, starting with a letter. */
function receiptNumber(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const all = letters + '0123456789';
  let receipt = letters[randomInt(letters.length)]!;
  while (receipt.length < 10) receipt += all[randomInt(all.length)]!;
  return receipt;
}
