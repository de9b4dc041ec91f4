/** E-mail notices over SMTP (nodemailer); in development the sandbox's mail catcher. */
import type { Transporter } from 'nodemailer';
import { loadOnce } from '../../../load-once';
import { requestIdHeader } from '../../../observability/context';
import type { MailSender } from '../outbox';

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

export function smtpMail(settings: SmtpSettings): MailSender {
  // Made on the first notice: the API starts without nodemailer.
  const transport = loadOnce(async (): Promise<Transporter> =>
    (await import('nodemailer')).default.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    }),
  );
  return {
    async send(mail) {
      try {
        const smtp = await transport();
        const info = await smtp.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          headers: requestIdHeader(),
        });
        return { ok: true, messageId: info.messageId };
      } catch (err) {
        const e = err as Error & { responseCode?: number; code?: string };
        return { ok: false, retry: retryable(e), error: `${e.code ?? 'SMTP'}: ${e.message}` };
      }
    },
  };
}
