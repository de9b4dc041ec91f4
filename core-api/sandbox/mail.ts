// A mail catcher: an SMTP listener (smtp-server) that keeps what it receives in memory, shown at
// GET /mail (newest first) and as JSON at GET /sandbox/mail?to= for tests. Development only.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml, sendPage } from './html';

export const DEFAULT_SMTP_PORT = 1025;
/** Older messages are dropped past this many, so a long `npm start` does not grow without end. */
const KEEP = 500;

export interface SandboxMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  receivedAt: string;
}

interface MailOptions {
  host: string;
  /** 0 = any free port (tests); null = no SMTP listener. */
  port: number | null;
  log: (line: string) => void;
}

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())).filter(Boolean);

export function createMail(options: MailOptions) {
  const messages: SandboxMail[] = [];
  let nextId = 1;
  let port: number | null = null;
  // For tests: connections accepted so far, and those still open.
  const connections = { opened: 0, open: 0 };

  const smtp = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections.opened += 1;
      connections.open += 1;
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const mail: SandboxMail = {
            id: nextId++,
            from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
            to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            receivedAt: new Date().toISOString(),
          };
          messages.push(mail);
          if (messages.length > KEEP) messages.splice(0, messages.length - KEEP);
          options.log(`e-mail to ${mail.to.join(', ')}: ${mail.subject}`);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });

  const newestFirst = (to: string) => {
    const key = to.trim().toLowerCase();
    return messages.filter((m) => !key || m.to.includes(key)).reverse();
  };

  function register(app: FastifyInstance) {
    // For tests: messages to an address (all without `to`), newest first.
    app.get('/sandbox/mail', async (request) => {
      const to = String((request.query as { to?: string }).to ?? '');
      return { messages: newestFirst(to) };
    });

    app.get('/mail', async (request, reply) => {
      const to = String((request.query as { to?: string }).to ?? '');
      const items = newestFirst(to)
        .map(
          (m) =>
            `<li class="mail"><h2>${escapeHtml(m.subject)}</h2>` +
            `<span class="meta">To ${escapeHtml(m.to.join(', '))} · <time datetime="${escapeHtml(m.receivedAt)}">` +
            `${escapeHtml(m.receivedAt.slice(0, 16).replace('T', ' '))}</time></span><p>${escapeHtml(m.text)}</p></li>`,
        )
        .join('');
      return sendPage(reply, {
        title: to ? `Mail · ${to}` : 'Mail',
        style: STYLE,
        body:
          `<main><h1>Mail</h1><form method="get" action="/mail"><label for="to">To</label>` +
          `<input id="to" name="to" value="${escapeHtml(to)}" inputmode="email"><button type="submit">Filter</button></form>` +
          `<ul aria-label="Mail">${items || '<li class="empty">No mail yet.</li>'}</ul></main>`,
      });
    });
  }

  return {
    register,
    list: () => messages,
    async listen(): Promise<number | null> {
      if (options.port === null) return null;
      const wanted = options.port;
      await new Promise<void>((resolve, reject) => {
        smtp.once('error', reject);
        smtp.listen(wanted, options.host, () => {
          smtp.off('error', reject);
          resolve();
        });
      });
      port = (smtp.server.address() as AddressInfo).port;
      return port;
    },
    port: () => port,
    connections: () => ({ ...connections }),
    close: () => (port === null ? Promise.resolve() : new Promise<void>((resolve) => smtp.close(() => resolve()))),
  };
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#eef2ee;color:#1a1a1a}
main{max-width:412px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:0 0 12px}
h2{font-size:16px;margin:0 0 2px;overflow-wrap:anywhere}
form{display:flex;gap:8px;align-items:center;margin-bottom:16px;flex-wrap:wrap}
input{flex:1;min-width:0;padding:10px;font:inherit;border:1px solid #999;border-radius:8px}
button{padding:10px 14px;font:inherit;border:0;border-radius:8px;background:#1f6f3f;color:#fff}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.mail{background:#fff;border-radius:12px;padding:10px 12px;box-shadow:0 1px 2px rgba(0,0,0,.1)}
.mail p{margin:6px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.meta{font-size:12px;color:#555;overflow-wrap:anywhere}
.empty{color:#555}
`;
