// `npm start` runs this with tsx: the payments sandbox on PAYMENTS_SANDBOX_PORT (default 4010), its
// mail catcher's SMTP on MAIL_SANDBOX_PORT (default 1025, the API's development SMTP_URL).
import { DEFAULT_SMTP_PORT } from './mail';
import { DEFAULT_SANDBOX_PORT, createPaymentsSandbox } from './server';

const port = Number(process.env.PAYMENTS_SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT);
const sandbox = createPaymentsSandbox({
  port,
  publicUrl: process.env.PAYMENTS_SANDBOX_PUBLIC_URL,
  // The API's development delivery-report address (its default SMS_DELIVERY_TOKEN).
  smsDeliveryReportUrl:
    process.env.SMS_DELIVERY_REPORT_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}/v1/notices/sms/delivery/dev-sms-delivery-token`,
  smtpPort: Number(process.env.MAIL_SANDBOX_PORT ?? DEFAULT_SMTP_PORT),
  log: (line) => console.log(line),
});

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

sandbox.listen().then(
  (url) =>
    console.log(
      `payments sandbox on ${url} (phone page ${url.replace('127.0.0.1', 'localhost')}/phone, mail ${url.replace('127.0.0.1', 'localhost')}/mail, SMTP port ${sandbox.smtpPort()})`,
    ),
  (error: Error) => {
    console.error(`payments sandbox could not start: ${error.message}`);
    process.exit(1);
  },
);
