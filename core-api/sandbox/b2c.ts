// Daraja's B2C (BusinessPayment) and Transaction Status shapes: a request is acknowledged at once and
// its result posted to the ResultURL a moment later, like Safaricom does.
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SandboxB2cSettings {
  shortcode: string;
  initiator: string;
  securityCredential: string;
}

export interface SandboxDisbursement {
  originatorConversationId: string;
  conversationId: string;
  phone: string;
  amount: number;
  status: 'waiting' | 'paid' | 'failed';
  receipt: string | null;
  resultUrl: string;
  queueTimeoutUrl: string;
  /** Result posts made (answered or not). */
  resultsSent: number;
}

interface Disbursement extends SandboxDisbursement {
  createdAt: number;
  result: unknown;
}

const PHONE = /^254[17]\d{8}$/;
const MAX_AMOUNT = 250_000;
const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
const requestId = () => `${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex')}-${randomInt(1e9, 1e10)}`;

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function receiptNumber(): string {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const all = letters + '0123456789';
  let receipt = letters[randomInt(letters.length)]!;
  while (receipt.length < 10) receipt += all[randomInt(all.length)]!;
  return receipt;
}

export function createB2c(options: {
  settings: SandboxB2cSettings;
  tokenValid: (request: FastifyRequest) => boolean;
  /** false: results wait for `settle` (tests of late and replayed results). */
  autoResult: boolean;
  log: (line: string) => void;
}) {
  const { settings, log } = options;
  const payments = new Map<string, Disbursement>();
  let outage = false;
  let autoResult = options.autoResult;

  const refuse = (reply: FastifyReply, field: string) =>
    reply.code(400).send({ requestId: requestId(), errorCode: '400.002.02', errorMessage: `Bad Request - Invalid ${field}` });
  const refuseToken = (reply: FastifyReply) =>
    reply.code(401).send({ requestId: requestId(), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
  const down = (reply: FastifyReply) =>
    reply.code(503).send({ requestId: requestId(), errorCode: '503.001.01', errorMessage: 'Service is currently unavailable' });

  async function post(url: string, body: unknown, what: string): Promise<void> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      log(`${what} → ${response.status}`);
    } catch (error) {
      log(`${what} not delivered: ${(error as Error).message}`);
    }
  }

  async function deliver(payment: Disbursement): Promise<void> {
    payment.resultsSent += 1;
    await post(payment.resultUrl, payment.result, `B2C result ${payment.originatorConversationId} (${payment.status})`);
  }

  /** What M-Pesa does with the payment: pays it or not, and posts the result unless told not to. */
  async function settle(originator: string, outcome: 'paid' | 'failed', opts: { deliver?: boolean } = {}): Promise<void> {
    const payment = payments.get(originator);
    if (!payment) throw new Error(`No B2C payment ${originator}`);
    if (payment.status !== 'waiting') throw new Error(`B2C payment ${originator} is already ${payment.status}`);
    const transactionId = receiptNumber();
    const common = {
      ResultType: 0,
      OriginatorConversationID: payment.originatorConversationId,
      ConversationID: payment.conversationId,
      TransactionID: transactionId,
      ReferenceData: { ReferenceItem: { Key: 'QueueTimeoutURL', Value: payment.queueTimeoutUrl } },
    };
    if (outcome === 'paid') {
      payment.status = 'paid';
      payment.receipt = transactionId;
      payment.result = {
        Result: {
          ...common,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: payment.amount },
              { Key: 'TransactionReceipt', Value: transactionId },
              { Key: 'B2CRecipientIsRegisteredCustomer', Value: 'Y' },
              { Key: 'ReceiverPartyPublicName', Value: `${payment.phone} - Sandbox Customer` },
              { Key: 'TransactionCompletedDateTime', Value: new Date().toISOString() },
            ],
          },
        },
      };
    } else {
      payment.status = 'failed';
      payment.result = { Result: { ...common, ResultCode: 2001, ResultDesc: 'The initiator information is invalid.' } };
    }
    log(`B2C ${originator} ${payment.status}${payment.receipt ? ` (receipt ${payment.receipt})` : ''}`);
    if (opts.deliver !== false) await deliver(payment);
  }

  function register(app: FastifyInstance) {
    const paymentRequest = async (request: FastifyRequest, reply: FastifyReply) => {
      if (outage) return down(reply);
      if (!options.tokenValid(request)) return refuseToken(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (text(body.InitiatorName) !== settings.initiator) return refuse(reply, 'InitiatorName');
      if (text(body.SecurityCredential) !== settings.securityCredential) return refuse(reply, 'SecurityCredential');
      if (!['BusinessPayment', 'SalaryPayment', 'PromotionPayment'].includes(String(body.CommandID))) return refuse(reply, 'CommandID');
      const amount = Number(text(body.Amount));
      if (!Number.isInteger(amount) || amount < 10 || amount > MAX_AMOUNT) return refuse(reply, 'Amount');
      if (text(body.PartyA) !== settings.shortcode) return refuse(reply, 'PartyA');
      const phone = text(body.PartyB);
      if (!phone || !PHONE.test(phone)) return refuse(reply, 'PartyB');
      if (!isHttpUrl(body.ResultURL)) return refuse(reply, 'ResultURL');
      if (!isHttpUrl(body.QueueTimeOutURL)) return refuse(reply, 'QueueTimeOutURL');
      const originator = text(body.OriginatorConversationID);
      if (!originator || originator.length > 100) return refuse(reply, 'OriginatorConversationID');
      let payment = payments.get(originator);
      // The same originator id again (a resend after a timeout): the same answer, and paid once.
      if (!payment) {
        payment = {
          originatorConversationId: originator,
          conversationId: `AG_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${randomBytes(10).toString('hex')}`,
          phone,
          amount,
          status: 'waiting',
          receipt: null,
          resultUrl: body.ResultURL,
          queueTimeoutUrl: body.QueueTimeOutURL,
          resultsSent: 0,
          createdAt: Date.now(),
          result: null,
        };
        payments.set(originator, payment);
        log(`B2C ${originator}: Ksh ${amount} to ${phone}`);
        if (autoResult) setTimeout(() => void settle(originator, 'paid').catch(() => {}), 50).unref();
      }
      return {
        ConversationID: payment.conversationId,
        OriginatorConversationID: payment.originatorConversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    };
    app.post('/mpesa/b2c/v3/paymentrequest', paymentRequest);
    app.post('/mpesa/b2c/v1/paymentrequest', paymentRequest);

    app.post('/mpesa/transactionstatus/v1/query', async (request, reply) => {
      if (outage) return down(reply);
      if (!options.tokenValid(request)) return refuseToken(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (text(body.Initiator) !== settings.initiator) return refuse(reply, 'Initiator');
      if (text(body.SecurityCredential) !== settings.securityCredential) return refuse(reply, 'SecurityCredential');
      if (body.CommandID !== 'TransactionStatusQuery') return refuse(reply, 'CommandID');
      if (!isHttpUrl(body.ResultURL)) return refuse(reply, 'ResultURL');
      const original = text(body.OriginalConversationID) ?? '';
      const payment =
        payments.get(original) ?? [...payments.values()].find((p) => p.receipt !== null && p.receipt === text(body.TransactionID));
      const queryId = `${randomInt(10000, 100000)}-${randomInt(1e6, 1e7)}-1`;
      const conversationId = `AG_${randomBytes(10).toString('hex')}`;
      const occasion = text(body.Occasion) ?? '';
      const status = !payment ? null : payment.status === 'paid' ? 'Completed' : payment.status === 'failed' ? 'Failed' : 'Pending';
      const result = {
        Result: {
          ResultType: 0,
          ResultCode: status === null ? 2032 : 0,
          ResultDesc: status === null ? 'The transaction could not be found' : 'The service request is processed successfully.',
          OriginatorConversationID: queryId,
          ConversationID: conversationId,
          TransactionID: randomBytes(5).toString('hex').toUpperCase(),
          ...(payment && status
            ? {
                ResultParameters: {
                  ResultParameter: [
                    { Key: 'OriginatorConversationID', Value: payment.originatorConversationId },
                    { Key: 'ReceiptNo', Value: payment.receipt ?? '' },
                    { Key: 'Amount', Value: payment.amount },
                    { Key: 'TransactionStatus', Value: status },
                    { Key: 'ReasonType', Value: 'Business Payment to Customer via API' },
                  ],
                },
              }
            : {}),
          // As Daraja's documented sample: the Occasion key, its value often left out.
          ReferenceData: { ReferenceItem: occasion === '' ? { Key: 'Occasion' } : { Key: 'Occasion', Value: occasion } },
        },
      };
      setTimeout(() => void post(body.ResultURL as string, result, `status of ${original}: ${status ?? 'not found'}`), 20).unref();
      return {
        OriginatorConversationID: queryId,
        ConversationID: conversationId,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      };
    });

    app.post('/sandbox/b2c/outage', async (request, reply) => {
      const body = request.body as { on?: unknown } | undefined;
      if (typeof body?.on !== 'boolean') return reply.code(400).send({ error: 'Send {"on": true|false}.' });
      outage = body.on;
      log(outage ? 'B2C outage ON: payment requests answer 503' : 'B2C outage OFF');
      return { on: outage };
    });
  }

  return {
    register,
    settle,
    async replay(originator: string) {
      const payment = payments.get(originator);
      if (!payment?.result) throw new Error(`B2C payment ${originator} has no result yet`);
      await deliver(payment);
    },
    /** M-Pesa's queue timeout: posted to the QueueTimeOutURL; the payment itself is still undecided. */
    async queueTimeout(originator: string) {
      const payment = payments.get(originator);
      if (!payment) throw new Error(`No B2C payment ${originator}`);
      await post(
        payment.queueTimeoutUrl,
        {
          Result: {
            ResultType: 1,
            ResultCode: 1,
            ResultDesc: 'The request timed out in the queue.',
            OriginatorConversationID: payment.originatorConversationId,
            ConversationID: payment.conversationId,
          },
        },
        `B2C queue timeout ${originator}`,
      );
    },
    setOutage(on: boolean) {
      outage = on;
    },
    setAutoResult(on: boolean) {
      autoResult = on;
    },
    list: (): SandboxDisbursement[] => [...payments.values()].map(({ createdAt: _c, result: _r, ...rest }) => ({ ...rest })),
    /** For the phone page: money received, newest first. */
    forPhone: (msisdn: string | undefined) =>
      [...payments.values()]
        .filter((p) => p.status === 'paid' && (!msisdn || p.phone === msisdn))
        .sort((a, b) => b.createdAt - a.createdAt)
        .map((p) => ({ id: p.originatorConversationId, amount: p.amount, receipt: p.receipt ?? '' })),
  };
}
