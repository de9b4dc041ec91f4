// Africa's Talking's SMS API as the sandbox plays it: POST /africastalking/version1/messaging, a
// phone inbox per number (GET /sms?to=+2547…), delivery reports posted to our API, and an outage switch.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, sendPage } from './html';

/** Development values; core-api's development defaults repeat them (it never imports this folder). */
export const SANDBOX_SMS = { username: 'sandbox', apiKey: 'sandbox-api-key' } as const;

export interface SandboxSms {
  id: string;
  to: string;
  from: string;
  message: string;
  sentAt: string;
  /** Sent until a delivery report is posted: then Success or Failed. */
  status: 'Sent' | 'Success' | 'Failed';
  reportsPosted: number;
}

export interface SmsOptions {
  /** Where delivery reports go (our API's /v1/notices/sms/delivery/<token>); none: no reports. */
  deliveryReportUrl?: string;
  /** true: each SMS is reported delivered a moment after it is sent. Default true. */
  autoReport?: boolean;
  log: (line: string) => void;
}

/** "+254 712…", "254712…", "0712…" all name one phone. */
const phoneKey = (msisdn: string) => {
  const digits = msisdn.replace(/\D/g, '');
  return digits.startsWith('0') ? `254${digits.slice(1)}` : digits;
};

export function createSms(options: SmsOptions) {
  const messages: SandboxSms[] = [];
  let outage = false;
  let autoReport = options.autoReport ?? true;

  async function report(id: string, status: 'Success' | 'Failed', failureReason?: string): Promise<void> {
    const sms = messages.find((m) => m.id === id);
    if (!sms) throw new Error(`unknown SMS ${id}`);
    sms.status = status;
    if (!options.deliveryReportUrl) return;
    const form = new URLSearchParams({ id, status, phoneNumber: sms.to, networkCode: '63902', retryCount: '0' });
    if (failureReason) form.set('failureReason', failureReason);
    sms.reportsPosted += 1;
    await fetch(options.deliveryReportUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    }).catch((err: Error) => options.log(`SMS delivery report for ${id} not delivered: ${err.message}`));
  }

  function register(app: FastifyInstance) {
    app.post('/africastalking/version1/messaging', async (request, reply) => {
      if (outage) return reply.code(503).send('Service Unavailable');
      const body = (request.body ?? {}) as Record<string, string | undefined>;
      if (request.headers.apikey !== SANDBOX_SMS.apiKey || body.username !== SANDBOX_SMS.username) {
        return reply.code(401).send('The supplied authentication is invalid');
      }
      if (!body.to || !body.message) return reply.code(400).send('Request is missing required form field');
      const recipients = body.to.split(',').map((to) => {
        const number = to.trim();
        if (!/^\+?\d{9,15}$/.test(number)) return { statusCode: 403, number, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
        const sms: SandboxSms = {
          id: `ATXid_${randomBytes(12).toString('hex')}`,
          to: number,
          from: body.from ?? 'AFRICASTKNG',
          message: body.message!,
          sentAt: new Date().toISOString(),
          status: 'Sent',
          reportsPosted: 0,
        };
        messages.push(sms);
        options.log(`SMS to ${number}: ${sms.message}`);
        if (autoReport) setTimeout(() => void report(sms.id, 'Success').catch(() => undefined), 50);
        return { statusCode: 101, number, status: 'Success', cost: 'KES 0.8000', messageId: sms.id };
      });
      const sent = recipients.filter((r) => r.statusCode === 101).length;
      return reply.code(201).send({
        SMSMessageData: {
          Message: `Sent to ${sent}/${recipients.length} Total Cost: KES ${(sent * 0.8).toFixed(4)}`,
          Recipients: recipients,
        },
      });
    });

    app.post('/sandbox/sms/outage', async (request, reply) => {
      const on = (request.body as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') return reply.code(400).send({ error: 'Send {"on": true|false}.' });
      outage = on;
      options.log(on ? 'SMS outage ON: the messaging API answers 503' : 'SMS outage OFF');
      return { on };
    });

    app.post('/sandbox/sms/:id/report', async (request, reply) => {
      const { id } = request.params as { id: string };
      const body = (request.body ?? {}) as { status?: unknown; failureReason?: unknown };
      const status = body.status === 'Failed' ? 'Failed' : 'Success';
      if (!messages.some((m) => m.id === id)) return reply.code(404).send({ error: 'No such SMS.' });
      await report(id, status, typeof body.failureReason === 'string' ? body.failureReason : undefined);
      return { id, status };
    });

    // For tests: every SMS to a number, oldest first.
    app.get('/sandbox/sms', async (request) => {
      const to = (request.query as { to?: string }).to;
      return { messages: to ? messages.filter((m) => phoneKey(m.to) === phoneKey(to)) : messages };
    });

    app.get('/sms', async (request, reply) => {
      const to = String((request.query as { to?: string }).to ?? '');
      const inbox = to ? messages.filter((m) => phoneKey(m.to) === phoneKey(to)) : [];
      const items = inbox
        .map(
          (m) =>
            `<li class="sms" data-status="${escapeHtml(m.status)}"><span class="from">${escapeHtml(m.from)}</span>` +
            `<p>${escapeHtml(m.message)}</p><span class="meta">${escapeHtml(m.sentAt.slice(11, 16))} · ${escapeHtml(m.status)}</span></li>`,
        )
        .join('');
      return sendPage(reply, {
        title: to ? `Messages · ${to}` : 'Messages',
        style: STYLE,
        body:
          `<main><h1>Messages</h1><form method="get" action="/sms"><label for="to">Phone number</label>` +
          `<input id="to" name="to" value="${escapeHtml(to)}" inputmode="tel"><button type="submit">Open</button></form>` +
          (to ? `<ul aria-label="Messages to ${escapeHtml(to)}">${items || '<li class="empty">No messages yet.</li>'}</ul>` : '') +
          '</main>',
      });
    });
  }

  return {
    register,
    list: () => messages,
    setOutage: (on: boolean) => void (outage = on),
    setAutoReport: (on: boolean) => void (autoReport = on),
    report,
  };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#eef2ee;color:#1a1a1a}
main{max-width:412px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 12px}
form{display:flex;gap:8px;align-items:center;margin-bottom:16px;flex-wrap:wrap}
input{flex:1;min-width:0;padding:10px;font:inherit;border:1px solid #999;border-radius:8px}
button{padding:10px 14px;font:inherit;border:0;border-radius:8px;background:#1f6f3f;color:#fff}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.sms{background:#fff;border-radius:12px;padding:10px 12px;box-shadow:0 1px 2px rgba(0,0,0,.1)}
.sms p{margin:4px 0;white-space:pre-wrap;overflow-wrap:anywhere}
.from{font-weight:600;font-size:14px}
.meta{font-size:12px;color:#555}
.empty{color:#555}
`;
