// `npm start` runs this with tsx: the payments sandbox on PAYMENTS_SANDBOX_PORT (default 4010).
import { DEFAULT_SANDBOX_PORT, createPaymentsSandbox } from './server';

const port = Number(process.env.PAYMENTS_SANDBOX_PORT ?? DEFAULT_SANDBOX_PORT);
const sandbox = createPaymentsSandbox({
  port,
  publicUrl: process.env.PAYMENTS_SANDBOX_PUBLIC_URL,
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
