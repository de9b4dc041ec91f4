import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nairobiTimestamp } from './daraja';
import { type PaymentsSandbox, SANDBOX_B2C, SANDBOX_CREDENTIALS, createPaymentsSandbox } from './server';
import { SANDBOX_SMS } from './sms';

/** A stand-in for our API: records every POST it receives. */
async function startListener() {
  const received: { path: string; body: unknown }[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body: raw ? JSON.parse(raw) : null });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ResultCode":0,"ResultDesc":"Accepted"}');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Listener = Awaited<ReturnType<typeof startListener>>;

let sandbox: PaymentsSandbox;
let base: string;
let listener: Listener;

beforeAll(async () => {
  listener = await startListener();
  sandbox = createPaymentsSandbox({ port: 0, promptTimeoutMs: 60_000 });
  base = await sandbox.listen();
});

afterAll(async () => {
  await sandbox.close();
  await listener.close();
});

const basic = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

async function token(): Promise<string> {
  const response = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: basic(SANDBOX_CREDENTIALS.consumerKey, SANDBOX_CREDENTIALS.consumerSecret) },
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

function password(timestamp: string) {
  return Buffer.from(SANDBOX_CREDENTIALS.shortcode + SANDBOX_CREDENTIALS.passkey + timestamp).toString('base64');
}

async function post(path: string, body: unknown, bearer?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A browser's form post; redirects are left for the test to read. */
const postForm = (path: string, body: string) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });

function pushBody(overrides: Record<string, unknown> = {}) {
  const timestamp = nairobiTimestamp();
  return {
    BusinessShortCode: SANDBOX_CREDENTIALS.shortcode,
    Password: password(timestamp),
    Timestamp: timestamp,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1234,
    PartyA: '254712345678',
    PartyB: SANDBOX_CREDENTIALS.shortcode,
    PhoneNumber: '254712345678',
    CallBackURL: `${listener.url}/v1/payments/mpesa/callback/secret`,
    AccountReference: 'SS-000123',
    TransactionDesc: 'Order 123',
    ...overrides,
  };
}

async function push(overrides: Record<string, unknown> = {}): Promise<string> {
  const answer = await post('/mpesa/stkpush/v1/processrequest', pushBody(overrides), await token());
  expect(answer.status).toBe(200);
  return answer.body.CheckoutRequestID as string;
}

async function query(checkoutRequestId: string) {
  const timestamp = nairobiTimestamp();
  return post(
    '/mpesa/stkpushquery/v1/query',
    {
      BusinessShortCode: SANDBOX_CREDENTIALS.shortcode,
      Password: password(timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: checkoutRequestId,
    },
    await token(),
  );
}

const callbacksFor = (id: string) =>
  listener.received.filter(
    (r) => (r.body as { Body?: { stkCallback?: { CheckoutRequestID?: string } } })?.Body?.stkCallback?.CheckoutRequestID === id,
  );

describe('Daraja OAuth', () => {
  it('gives a token for the right credentials and refuses wrong ones in Daraja’s shape', async () => {
    const good = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: basic(SANDBOX_CREDENTIALS.consumerKey, SANDBOX_CREDENTIALS.consumerSecret) },
    });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ access_token: expect.any(String), expires_in: '3599' });

    const bad = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: basic(SANDBOX_CREDENTIALS.consumerKey, 'wrong') },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
  });
});

describe('STK push', () => {
  it('refuses a bad token, a bad password and bad fields in Daraja’s shapes', async () => {
    const noToken = await post('/mpesa/stkpush/v1/processrequest', pushBody(), 'not-a-token');
    expect(noToken).toEqual({
      status: 401,
      body: { requestId: expect.any(String), errorCode: '404.001.03', errorMessage: 'Invalid Access Token' },
    });

    const bearer = await token();
    const badPassword = await post('/mpesa/stkpush/v1/processrequest', pushBody({ Password: password('20200101000000') }), bearer);
    expect(badPassword).toEqual({
      status: 400,
      body: { requestId: expect.any(String), errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Password' },
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ Amount: 10.5 }, 'Amount'],
      [{ Amount: 0 }, 'Amount'],
      [{ PhoneNumber: '0712345678' }, 'PhoneNumber'],
      [{ PartyA: '254812345678' }, 'PartyA'],
      [{ AccountReference: 'SS-0001234567890' }, 'AccountReference'],
      [{ CallBackURL: 'not a url' }, 'CallBackURL'],
      [{ TransactionType: undefined }, 'TransactionType'],
    ];
    for (const [override, field] of cases) {
      const answer = await post('/mpesa/stkpush/v1/processrequest', pushBody(override), bearer);
      expect([answer.status, answer.body.errorMessage]).toEqual([400, `Bad Request - Invalid ${field}`]);
    }
    expect(sandbox.prompts()).toHaveLength(0);
  });

  it('accepts a push; accepting the prompt POSTs a callback with the metadata', async () => {
    const answer = await post(
      '/mpesa/stkpush/v1/processrequest',
      pushBody({ PhoneNumber: 254112345678, PartyA: 254112345678 }),
      await token(),
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        MerchantRequestID: expect.any(String),
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d+/),
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      },
    });
    const id = answer.body.CheckoutRequestID as string;
    expect(sandbox.prompts().find((p) => p.checkoutRequestId === id)).toMatchObject({
      status: 'waiting',
      amount: 1234,
      phone: '254112345678',
    });

    const waiting = await query(id);
    expect(waiting).toEqual({
      status: 500,
      body: { requestId: expect.any(String), errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
    });

    await sandbox.answer(id, 'accept');
    const [callback] = callbacksFor(id);
    expect(callback?.path).toBe('/v1/payments/mpesa/callback/secret');
    expect(callback?.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: answer.body.MerchantRequestID,
          CheckoutRequestID: id,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 1234 },
              { Name: 'MpesaReceiptNumber', Value: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/) },
              { Name: 'TransactionDate', Value: expect.any(Number) },
              { Name: 'PhoneNumber', Value: 254112345678 },
            ],
          },
        },
      },
    });
    expect(
      String(
        (callback?.body as { Body: { stkCallback: { CallbackMetadata: { Item: { Value: unknown }[] } } } }).Body.stkCallback
          .CallbackMetadata.Item[2]!.Value,
      ),
    ).toMatch(/^20\d{12}$/);

    const settled = await query(id);
    expect(settled.status).toBe(200);
    expect(settled.body).toMatchObject({ ResponseCode: '0', CheckoutRequestID: id, ResultCode: '0' });
    await expect(sandbox.answer(id, 'decline')).rejects.toThrow(/already accepted/);
    expect(sandbox.prompts().find((p) => p.checkoutRequestId === id)).toMatchObject({ status: 'accepted', callbacksSent: 1 });
  });

  it('declining sends 1032 without metadata; a replay sends the same body again', async () => {
    const id = await push();
    await sandbox.answer(id, 'decline');
    const first = callbacksFor(id);
    expect(first).toHaveLength(1);
    expect(first[0]!.body).toEqual({
      Body: {
        stkCallback: {
          MerchantRequestID: expect.any(String),
          CheckoutRequestID: id,
          ResultCode: 1032,
          ResultDesc: 'Request cancelled by user',
        },
      },
    });
    expect((await query(id)).body).toMatchObject({ ResultCode: '1032', ResultDesc: 'Request cancelled by user' });

    await sandbox.replayCallback(id);
    const both = callbacksFor(id);
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toEqual(both[0]!.body);
  });

  it('a wrong amount can be reported, and `deliver: false` holds the callback back until a replay', async () => {
    const id = await push();
    await sandbox.answer(id, 'accept', { amount: 1, deliver: false });
    expect(callbacksFor(id)).toHaveLength(0);
    expect((await query(id)).body).toMatchObject({ ResultCode: '0' });
    await sandbox.replayCallback(id);
    const [callback] = callbacksFor(id);
    expect(JSON.stringify(callback?.body)).toContain('{"Name":"Amount","Value":1}');
  });

  it('the phone page’s buttons answer over HTTP (JSON), and a PIN is required', async () => {
    const id = await push();
    const noPin = await post(`/phone/prompts/${id}/accept`, {});
    expect(noPin.status).toBe(400);
    const ok = await post(`/phone/prompts/${id}/accept`, { pin: '1234' });
    expect(ok).toEqual({ status: 200, body: { status: 'accepted', receipt: expect.any(String) } });
    expect((await post(`/phone/prompts/${id}/decline`, {})).status).toBe(409);
    expect(callbacksFor(id)).toHaveLength(1);
  });

  it('an unanswered prompt times out with 1037', async () => {
    const quick = createPaymentsSandbox({ port: 0, promptTimeoutMs: 150 });
    const quickBase = await quick.listen();
    try {
      const tokenResponse = await fetch(`${quickBase}/oauth/v1/generate?grant_type=client_credentials`, {
        headers: { authorization: basic(SANDBOX_CREDENTIALS.consumerKey, SANDBOX_CREDENTIALS.consumerSecret) },
      });
      const { access_token } = (await tokenResponse.json()) as { access_token: string };
      const pushed = await fetch(`${quickBase}/mpesa/stkpush/v1/processrequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
        body: JSON.stringify(pushBody()),
      });
      const { CheckoutRequestID: id } = (await pushed.json()) as { CheckoutRequestID: string };
      const deadline = Date.now() + 5000;
      while (callbacksFor(id).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(callbacksFor(id)[0]?.body).toMatchObject({
        Body: { stkCallback: { ResultCode: 1037, ResultDesc: 'DS timeout user cannot be reached' } },
      });
      expect(quick.prompts()[0]?.status).toBe('timed_out');
    } finally {
      await quick.close();
    }
  });

  it('no retries when our API is down: the callback is attempted once', async () => {
    const id = await push({ CallBackURL: 'http://127.0.0.1:9/unreachable' });
    await sandbox.answer(id, 'accept');
    expect(sandbox.prompts().find((p) => p.checkoutRequestId === id)?.callbacksSent).toBe(1);
    expect((await query(id)).body).toMatchObject({ ResultCode: '0' });
  });

  it('the outage switch makes every API route answer 503, and back', async () => {
    const bearer = await token();
    expect((await post('/sandbox/outage', { down: true })).status).toBe(200);
    try {
      const refused = await post('/mpesa/stkpush/v1/processrequest', pushBody(), bearer);
      expect(refused).toEqual({ status: 503, body: { errorCode: '503.001.01', errorMessage: 'Service unavailable' } });
      const tokenDown = await fetch(`${base}/oauth/v1/generate?grant_type=client_credentials`);
      expect(tokenDown.status).toBe(503);
    } finally {
      await post('/sandbox/outage', { down: false });
    }
    expect((await post('/mpesa/stkpush/v1/processrequest', pushBody(), bearer)).status).toBe(200);
  });
});

describe('phone page', () => {
  it('shows a waiting prompt with the PIN field, escaped, under a strict CSP; a form OK answers it', async () => {
    const id = await push({ AccountReference: '<b>x</b>', PhoneNumber: '254798765432', PartyA: '254798765432' });
    const page = await fetch(`${base}/phone?msisdn=254798765432`);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*script-src 'self'/);
    const html = await page.text();
    expect(html).toContain('Do you want to pay Ksh 1,234 to SHAMBASOKO? Account no. <span class="nowrap">&lt;b&gt;x&lt;/b&gt;</span>.');
    expect(html).not.toContain('<b>x</b>');
    expect(html).toMatch(/Enter M-PESA PIN[\s\S]*Cancel[\s\S]*OK[\s\S]*Let it time out/);
    const live = (await (await fetch(`${base}/phone/prompts.json?msisdn=254798765432`)).json()) as {
      prompts: { id: string; status: string }[];
    };
    expect(live.prompts).toEqual([expect.objectContaining({ id, status: 'waiting' })]);

    const ok = await postForm(`/phone/prompts/${id}/accept`, 'pin=4321');
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/phone?msisdn=254798765432']);
    expect(await (await fetch(`${base}/phone?msisdn=254798765432`)).text()).toMatch(
      /[A-Z0-9]{10} Confirmed\. Ksh1,234\.00 sent to SHAMBASOKO/,
    );

    // From the every-number view, the form comes back to it.
    const other = await push();
    const declined = await postForm(`/phone/prompts/${other}/decline`, 'pin=&view=');
    expect([declined.status, declined.headers.get('location')]).toEqual([303, '/phone']);
  });
});

function b2cBody(overrides: Record<string, unknown> = {}) {
  return {
    OriginatorConversationID: `oc-${Math.random().toString(36).slice(2)}`,
    InitiatorName: SANDBOX_B2C.initiator,
    SecurityCredential: SANDBOX_B2C.securityCredential,
    CommandID: 'BusinessPayment',
    Amount: 1234,
    PartyA: SANDBOX_B2C.shortcode,
    PartyB: '254711222333',
    Remarks: 'ShambaSoko payout',
    QueueTimeOutURL: `${listener.url}/v1/payments/b2c/timeout/secret`,
    ResultURL: `${listener.url}/v1/payments/b2c/result/secret`,
    Occasion: 'payout',
    ...overrides,
  };
}

const resultsFor = (originator: string) =>
  listener.received.filter(
    (r) => (r.body as { Result?: { OriginatorConversationID?: string } })?.Result?.OriginatorConversationID === originator,
  );

async function until<T>(read: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('B2C', () => {
  it('refuses a bad token and bad fields in Daraja’s shapes', async () => {
    expect((await post('/mpesa/b2c/v3/paymentrequest', b2cBody(), 'nope')).status).toBe(401);
    const bad = await post('/mpesa/b2c/v3/paymentrequest', b2cBody({ SecurityCredential: 'x' }), await token());
    expect(bad).toEqual({
      status: 400,
      body: expect.objectContaining({ errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid SecurityCredential' }),
    });
    expect((await post('/mpesa/b2c/v3/paymentrequest', b2cBody({ PartyB: '0711' }), await token())).body.errorMessage).toBe(
      'Bad Request - Invalid PartyB',
    );
  });

  it('acknowledges a payment, then posts a success result with the receipt; the same originator id again pays once', async () => {
    const body = b2cBody();
    const answer = await post('/mpesa/b2c/v3/paymentrequest', body, await token());
    expect(answer).toEqual({
      status: 200,
      body: {
        ConversationID: expect.stringMatching(/^AG_/),
        OriginatorConversationID: body.OriginatorConversationID,
        ResponseCode: '0',
        ResponseDescription: 'Accept the service request successfully.',
      },
    });
    const [result] = await until(() =>
      resultsFor(body.OriginatorConversationID).length ? resultsFor(body.OriginatorConversationID) : undefined,
    );
    expect(result!.path).toBe('/v1/payments/b2c/result/secret');
    expect(result!.body).toMatchObject({
      Result: {
        ResultCode: 0,
        ConversationID: answer.body.ConversationID,
        TransactionID: expect.stringMatching(/^[A-Z][A-Z0-9]{9}$/),
        ResultParameters: { ResultParameter: expect.arrayContaining([{ Key: 'TransactionAmount', Value: 1234 }]) },
      },
    });
    const again = await post('/mpesa/b2c/v3/paymentrequest', body, await token());
    expect(again.body.ConversationID).toBe(answer.body.ConversationID);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(resultsFor(body.OriginatorConversationID)).toHaveLength(1);
    expect(sandbox.disbursements().filter((d) => d.originatorConversationId === body.OriginatorConversationID)).toHaveLength(1);

    // The transaction status query answers at the ResultURL, naming our payment in the Occasion.
    const status = await post(
      '/mpesa/transactionstatus/v1/query',
      {
        Initiator: SANDBOX_B2C.initiator,
        SecurityCredential: SANDBOX_B2C.securityCredential,
        CommandID: 'TransactionStatusQuery',
        TransactionID: '',
        OriginalConversationID: body.OriginatorConversationID,
        PartyA: SANDBOX_B2C.shortcode,
        IdentifierType: '4',
        ResultURL: body.ResultURL,
        QueueTimeOutURL: body.QueueTimeOutURL,
        Remarks: 'Reconcile',
        Occasion: body.OriginatorConversationID,
      },
      await token(),
    );
    expect(status.body.ResponseCode).toBe('0');
    const statusResult = await until(() =>
      listener.received.find(
        (r) =>
          (r.body as { Result?: { ReferenceData?: { ReferenceItem?: { Value?: string } } } })?.Result?.ReferenceData?.ReferenceItem
            ?.Value === body.OriginatorConversationID,
      ),
    );
    expect(JSON.stringify(statusResult.body)).toContain('"Key":"TransactionStatus","Value":"Completed"');
  });

  it('the B2C outage switch answers 503 until it is off; the phone page shows the money received', async () => {
    expect((await post('/sandbox/b2c/outage', { on: true })).body).toEqual({ on: true });
    const body = b2cBody({ PartyB: '254799000111', Amount: 4321 });
    expect((await post('/mpesa/b2c/v3/paymentrequest', body, await token())).status).toBe(503);
    expect((await post('/sandbox/b2c/outage', { on: false })).body).toEqual({ on: false });
    expect((await post('/mpesa/b2c/v3/paymentrequest', body, await token())).status).toBe(200);
    await until(() =>
      sandbox.disbursements().find((d) => d.originatorConversationId === body.OriginatorConversationID && d.status === 'paid'),
    );
    const html = await (await fetch(`${base}/phone?msisdn=254799000111`)).text();
    expect(html).toMatch(/[A-Z0-9]{10} Confirmed\. You have received Ksh 4,321 from ShambaSoko\./);
  });
});

describe('card gateway', () => {
  async function cardToken() {
    const answer = await post('/card/api/Auth/RequestToken', {
      consumer_key: SANDBOX_CREDENTIALS.consumerKey,
      consumer_secret: SANDBOX_CREDENTIALS.consumerSecret,
    });
    expect(answer).toEqual({ status: 200, body: expect.objectContaining({ token: expect.any(String), error: null, status: '200' }) });
    return answer.body.token as string;
  }

  async function submitOrder(bearer: string, reference: string) {
    const ipn = await post(
      '/card/api/URLSetup/RegisterIPN',
      { url: `${listener.url}/v1/payments/card/notify`, ipn_notification_type: 'POST' },
      bearer,
    );
    expect(ipn.body).toMatchObject({
      url: `${listener.url}/v1/payments/card/notify`,
      ipn_id: expect.any(String),
      ipn_status: 1,
      error: null,
      status: '200',
    });
    const order = await post(
      '/card/api/Transactions/SubmitOrderRequest',
      {
        id: reference,
        currency: 'KES',
        amount: 1234,
        description: 'ShambaSoko order SS-000124',
        callback_url: 'http://localhost:3000/orders/abc/confirmation',
        notification_id: ipn.body.ipn_id,
        billing_address: { email_address: 'buyer@example.com', phone_number: '0712345678', first_name: 'Amina', last_name: 'Otieno' },
      },
      bearer,
    );
    expect(order.status).toBe(200);
    return order.body as { order_tracking_id: string; merchant_reference: string; redirect_url: string };
  }

  const pay = (trackingId: string, number: string) =>
    postForm(`/card/pay/${trackingId}`, new URLSearchParams({ number, expiry: '12/39', cvv: '123', name: 'Amina Otieno' }).toString());

  async function status(bearer: string, trackingId: string) {
    const response = await fetch(`${base}/card/api/Transactions/GetTransactionStatus?orderTrackingId=${trackingId}`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return (await response.json()) as Record<string, unknown>;
  }

  it('refuses wrong credentials and calls without a token', async () => {
    const wrong = await post('/card/api/Auth/RequestToken', { consumer_key: 'x', consumer_secret: 'y' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ token: null, error: { code: 'invalid_consumer_key_or_secret_provided' } });
    expect((await post('/card/api/URLSetup/RegisterIPN', { url: 'http://x.test/ipn' })).status).toBe(401);
  });

  it('order → hosted page with test cards → approved card: IPN, 303 back, status 1 with the account masked', async () => {
    const bearer = await cardToken();
    const order = await submitOrder(bearer, 'SS-000124-1');
    expect(order.redirect_url).toBe(`http://localhost:${new URL(base).port}/card/pay/${order.order_tracking_id}`);
    expect(await status(bearer, order.order_tracking_id)).toMatchObject({ status_code: 0, payment_status_description: 'INVALID' });

    const page = await fetch(`${base}/card/pay/${order.order_tracking_id}`);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:3000");
    for (const text of [
      'ShambaSoko',
      'Card number',
      'Expiry (MM/YY)',
      'CVV',
      'Name on card',
      'Pay Ksh 1,234',
      '4111 1111 1111 1111',
      '5555 5555 5555 4444',
      '4000 0000 0000 0002',
    ])
      expect(html).toContain(text);

    const invalid = await pay(order.order_tracking_id, '4111 1111 1111 1112');
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Enter a valid card number.');

    const before = listener.received.length;
    const paid = await pay(order.order_tracking_id, '4111 1111 1111 1111');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/orders/abc/confirmation?OrderTrackingId=${order.order_tracking_id}&OrderMerchantReference=SS-000124-1&OrderNotificationType=CALLBACKURL`,
    );
    expect(listener.received.slice(before)).toEqual([
      {
        path: '/v1/payments/card/notify',
        body: { OrderTrackingId: order.order_tracking_id, OrderMerchantReference: 'SS-000124-1', OrderNotificationType: 'IPNCHANGE' },
      },
    ]);
    expect(await status(bearer, order.order_tracking_id)).toMatchObject({
      payment_method: 'Visa',
      amount: 1234,
      payment_status_description: 'Completed',
      payment_account: '411111******1111',
      status_code: 1,
      merchant_reference: 'SS-000124-1',
      currency: 'KES',
      confirmation_code: expect.any(String),
      error: { error_type: null, code: null, message: null },
      status: '200',
    });
    expect((await pay(order.order_tracking_id, '5555 5555 5555 4444')).status).toBe(409);
  });

  it('the declining test card fails the payment: status_code 2', async () => {
    const bearer = await cardToken();
    const order = await submitOrder(bearer, 'SS-000125-1');
    const declined = await pay(order.order_tracking_id, '4000 0000 0000 0002');
    expect(declined.status).toBe(303);
    expect(await status(bearer, order.order_tracking_id)).toMatchObject({
      status_code: 2,
      payment_status_description: 'Failed',
      payment_account: '400000******0002',
    });
  });

  it('counts the status queries per order, and can report another currency for one', async () => {
    const bearer = await cardToken();
    const order = await submitOrder(bearer, 'SS-000127-1');
    expect(sandbox.cardStatusQueries(order.order_tracking_id)).toBe(0);
    await status(bearer, order.order_tracking_id);
    await status(bearer, order.order_tracking_id);
    expect(sandbox.cardStatusQueries(order.order_tracking_id)).toBe(2);
    sandbox.reportCardCurrency(order.order_tracking_id, 'USD');
    expect(await status(bearer, order.order_tracking_id)).toMatchObject({ currency: 'USD', amount: 1234 });
    expect(() => sandbox.reportCardCurrency('no-such-order', 'USD')).toThrow(/No card order/);
  });

  it('the outage switch covers the card API, not the hosted page', async () => {
    const bearer = await cardToken();
    const order = await submitOrder(bearer, 'SS-000126-1');
    await post('/sandbox/outage', { down: true });
    try {
      expect((await fetch(`${base}/card/api/Transactions/GetTransactionStatus?orderTrackingId=${order.order_tracking_id}`)).status).toBe(
        503,
      );
      expect((await fetch(`${base}/card/pay/${order.order_tracking_id}`)).status).toBe(200);
    } finally {
      await post('/sandbox/outage', { down: false });
    }
  });
});

describe("Africa's Talking SMS", () => {
  let sms: PaymentsSandbox;
  let smsBase: string;
  let reports: URLSearchParams[];
  let reportServer: Server;

  beforeAll(async () => {
    reports = [];
    reportServer = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk) => (raw += chunk));
      request.on('end', () => {
        reports.push(new URLSearchParams(raw));
        response.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => reportServer.listen(0, '127.0.0.1', resolve));
    const reportUrl = `http://127.0.0.1:${(reportServer.address() as AddressInfo).port}/v1/notices/sms/delivery/secret`;
    sms = createPaymentsSandbox({ port: 0, smsDeliveryReportUrl: reportUrl });
    smsBase = await sms.listen();
  });
  afterAll(async () => {
    await sms.close();
    await new Promise<void>((resolve) => reportServer.close(() => resolve()));
  });

  const send = (form: Record<string, string>, apiKey: string = SANDBOX_SMS.apiKey) =>
    fetch(`${smsBase}/africastalking/version1/messaging`, {
      method: 'POST',
      headers: { apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  };

  it("answers like Africa's Talking and shows the SMS on the number's inbox page", async () => {
    const res = await send({
      username: 'sandbox',
      to: '+254712000111',
      message: 'Order SS-000123 paid: Ksh 4,550 <b>',
      from: 'SHAMBASOKO',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { SMSMessageData: { Message: string; Recipients: Array<Record<string, unknown>> } };
    expect(body.SMSMessageData.Message).toBe('Sent to 1/1 Total Cost: KES 0.8000');
    expect(body.SMSMessageData.Recipients).toEqual([
      { statusCode: 101, number: '+254712000111', status: 'Success', cost: 'KES 0.8000', messageId: expect.stringMatching(/^ATXid_/) },
    ]);
    const page = await fetch(`${smsBase}/sms?to=${encodeURIComponent('+254712000111')}`);
    const html = await page.text();
    expect(html).toContain('Order SS-000123 paid: Ksh 4,550 &lt;b&gt;');
    expect(html).toContain('SHAMBASOKO');
    // Another number's inbox does not show it; 0712… names the same phone.
    expect(await (await fetch(`${smsBase}/sms?to=${encodeURIComponent('+254700000000')}`)).text()).not.toContain('SS-000123');
    const json = (await (await fetch(`${smsBase}/sandbox/sms?to=0712000111`)).json()) as { messages: unknown[] };
    expect(json.messages).toHaveLength(1);
  });

  it('posts a delivery report (form-encoded) for each SMS, and one on demand', async () => {
    const res = await send({ username: 'sandbox', to: '+254712000222', message: 'Habari' });
    const id = ((await res.json()) as { SMSMessageData: { Recipients: Array<{ messageId: string }> } }).SMSMessageData.Recipients[0]!
      .messageId;
    await until(() => reports.some((r) => r.get('id') === id));
    expect(Object.fromEntries(reports.find((r) => r.get('id') === id)!)).toMatchObject({
      id,
      status: 'Success',
      phoneNumber: '+254712000222',
    });
    const failed = await fetch(`${smsBase}/sandbox/sms/${id}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Failed', failureReason: 'AbsentSubscriber' }),
    });
    expect(failed.status).toBe(200);
    expect(Object.fromEntries(reports.filter((r) => r.get('id') === id).at(-1)!)).toMatchObject({
      status: 'Failed',
      failureReason: 'AbsentSubscriber',
    });
  });

  it('refuses a wrong key, a bad number; answers 503 during an outage and sends again after', async () => {
    expect((await send({ username: 'sandbox', to: '+254712000333', message: 'x' }, 'wrong')).status).toBe(401);
    const bad = await send({ username: 'sandbox', to: '12ab', message: 'x' });
    expect(
      ((await bad.json()) as { SMSMessageData: { Recipients: Array<{ statusCode: number }> } }).SMSMessageData.Recipients[0]!.statusCode,
    ).toBe(403);

    const on = await fetch(`${smsBase}/sandbox/sms/outage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"on":true}',
    });
    expect(on.status).toBe(200);
    expect((await send({ username: 'sandbox', to: '+254712000333', message: 'down' })).status).toBe(503);
    sms.smsOutage(false);
    expect((await send({ username: 'sandbox', to: '+254712000333', message: 'up' })).status).toBe(201);
    expect(
      sms
        .sms()
        .filter((m) => m.to === '+254712000333')
        .map((m) => m.message),
    ).toEqual(['up']);
  });
});
