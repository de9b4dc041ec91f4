/**
 * The API starts without the libraries only a few requests need (load-once.ts): every process start
 * and every API test file (jest loads the app afresh for each) skipped ~0.5 s of loading them.
 */
const loaded: string[] = [];
const ON_FIRST_USE = ['pdfkit', 'sharp', 'nodemailer', 'web-push', '@aws-sdk/client-s3', '@electric-sql/pglite/node-postgres'];

beforeAll(() => {
  for (const name of ON_FIRST_USE) {
    jest.doMock(name, () => {
      loaded.push(name);
      return jest.requireActual(name);
    });
  }
});

test('the app and the database module load none of them', async () => {
  await import('./app');
  await import('./db/database');
  await import('./modules/notifications/outbox');
  expect(loaded).toEqual([]);
});

test('the first PDF loads pdfkit, and draws', async () => {
  const { render } = await import('./modules/market/papers/pdf');
  const bytes = await render('Receipt', (doc) => {
    doc.text('Ksh 1,250');
  });
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(loaded).toEqual(['pdfkit']);
}, 30_000);
