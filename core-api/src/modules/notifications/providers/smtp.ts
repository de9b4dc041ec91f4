/** E-mail notices over SMTP (nodemailer's transport, our message: mime.ts); in development the sandbox's mail catcher. */
import type { Transporter } from 'nodemailer';
import { loadOnce } from '../../../load-once';
import { requestIdHeader } from '../../../observability/context';
import type { MailSender } from '../outbox';
import { composeMail } from './mime';

interface SmtpSettings {
  smtpUrl: string;
  from: string;
}

/**
 * Connection trouble and 4xx answers pass (outage, greylisting, full mailbox); 5xx answers and an
 * address nodemailer cannot use will not change.
 */
function retryable(err: { responseCode?: number; code?: string }): boolean {
  if (typeof err.responseCode === 'number') return err.responseCode < 500;
  return err.code !== 'EENVELOPE';
}

/** How long an idle connection stays open: a drain closes it anyway (close below). */
const IDLE_MS = 60_000;

/** One pooled transport and the e-mails still on their way through it. */
interface Pool {
  transport: Promise<Transporter>;
  sending: number;
  closing: boolean;
}

/**
 * Sends over one pooled connection, reused from mail to mail until `close` (the outbox closes it after
 * each drain): a new connection for every e-mail cost a TCP (and in production TLS) handshake and the
 * SMTP greeting each time, 108 ms and 4.5-5.5 ms of CPU a mail against the mail catcher; reused, 3.5 ms
 * and 2.1 ms. The next send after `close` opens a new one. Drains may overlap (a run every 30 s, each
 * up to 20 s of sending, more while a server is slow): `close` lets the e-mails already handed to the
 * pool finish and closes it after the last, so one drain's end never fails another's e-mails.
 */
export function smtpMail(settings: SmtpSettings): MailSender {
  // Loaded on the first notice: the API starts without nodemailer.
  const nodemailer = loadOnce(async () => (await import('nodemailer')).default);
  let current: Pool | null = null;
  const open = (): Pool =>
    (current ??= {
      transport: nodemailer().then((mailer) =>
        mailer.createTransport({
          url: settings.smtpUrl,
          pool: true,
          // The outbox sends one e-mail at a time.
          maxConnections: 1,
          idleTimeout: IDLE_MS,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 30_000,
        }),
      ),
      sending: 0,
      closing: false,
    });
  /** A pool that is closing goes once nothing is on its way through it; one that never opened has nothing to close. */
  const closeWhenIdle = async (pool: Pool): Promise<void> => {
    if (!pool.closing || pool.sending > 0) return;
    await pool.transport.then(
      (smtp) => smtp.close(),
      () => undefined,
    );
  };
  return {
    async send(mail) {
      const pool = open();
      pool.sending += 1;
      try {
        const smtp = await pool.transport;
        const { envelope, messageId, raw } = composeMail({ ...mail, from: settings.from, headers: requestIdHeader() });
        await smtp.sendMail({ envelope, raw });
        return { ok: true, messageId };
      } catch (err) {
        const e = err as Error & { responseCode?: number; code?: string };
        return { ok: false, retry: retryable(e), error: `${e.code ?? 'SMTP'}: ${e.message}` };
      } finally {
        pool.sending -= 1;
        void closeWhenIdle(pool);
      }
    },
    async close() {
      const pool = current;
      current = null;
      if (pool === null) return;
      pool.closing = true;
      await closeWhenIdle(pool);
    },
  };
}
