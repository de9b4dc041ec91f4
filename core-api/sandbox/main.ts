// `npm start` runs this with tsx: the payments sandbox on PAYMENTS_SANDBOX_PORT (default 4010).
import { DEFAULT_SANDBOX_PORT, createPaymentsSandbox } from './server';

const port = Number(process.env.PAYMENTS_SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT);
const sandbox = createPaymentsSandbox({
  port,
  publicUrl: process.env.PAYMENTS_SANDBOX_PUBLIC_URL,
  // The API's development delivery-report address (its default SMS_DELIVERY_TOKEN).
  smsDeliveryReportUrl:
    process.env.SMS_DELIVERY_REPORT_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4000}/v1/notices/sms/delivery/dev-sms-delivery-token`,
  log: (line) => console.log(line),
});

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

sandbox.listen().then(
  (url) => console.log(`payments sandbox on ${url} (phone page ${url.replace('127.0.0.1', 'localhost')}/phone)`),
  (error: Error) => {
    console.error(`payments sandbox could not start: ${error.message}`);
    process.exit(1);
  },
);
