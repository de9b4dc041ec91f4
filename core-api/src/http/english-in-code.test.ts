// No English sentence in server code outside the catalogs (issue 41): every text a person may read
// from the server (notices, SMS, e-mail, PDFs, payment statuses, validation) is catalogued with its
// Kiswahili, so it can be told in the reader's language. The rule is testing/english-in-code.ts.
import { englishInCode, isTranslated, readsAsEnglish } from '../testing/english-in-code';
import { scanServer, serverFiles, Sources } from '../testing/message-sources';
import { translateFor } from './language';

const sample = (text: string) => text.replace(/\{\w+\}/g, '7');
const hasKiswahili = (text: string) => isTranslated(sample(text), translateFor(sample(text), 'sw'));

/**
 * What stays English, each with its reason: a text, a file, or a folder (ending in "/"). Keep it
 * short; a text a customer reads goes through the catalog instead.
 */
const STAYS_ENGLISH: Record<string, string> = {
  'core-api/sandbox/':
    "Stands in for Safaricom (M-Pesa), Africa's Talking and the card gateway: their API answers, phone screens and payment page are theirs, in English as the real ones are; its inbox pages are developers' tools. What ShambaSoko sends through them comes from the catalogs.",
  'core-api/src/http/openapi.ts': "The API's reference for developers (/docs).",
  'core-api/src/config.ts': 'Settings refused at start, read by the operator who set them.',
  'core-api/src/modules/admin/accounts/grant-command.ts': "An operator's command line (npm run admin:grant).",
  'core-api/src/modules/registry/': "Answers to the deploy commands (OPERATOR_TOKEN): operators', not customers'.",
  'Equity Bank Kenya': "A bank's name, printed as it is.",
};

/** Texts whose Kiswahili is checked filled in, elsewhere. */
const CHECKED_FILLED: Record<string, string> = {
  'As {0} {1} on this farm you cannot {2}.': 'messages-sw.test.ts fills it with each farm role and action.',
};

describe('no English sentence in server code outside the catalogs', () => {
  it('core-api/src and core-api/sandbox', () => {
    const found = englishInCode(new Sources(serverFiles()), hasKiswahili, { ...STAYS_ENGLISH, ...CHECKED_FILLED });
    expect(found.map(({ where, text, missing }) => `${where}  ${JSON.stringify(text)}  (no ${missing})`)).toEqual([]);
  });
});

describe('the rule itself, on fixtures', () => {
  const known = new Set(['Your order is on its way today', 'Paid {0} for {1}']);
  const inFixture = (source: string, allowed: Record<string, string> = {}) =>
    englishInCode(new Sources([], { 'fixture.ts': source }), (text) => known.has(text), allowed);

  it('reports a bare English sentence, with its file and line', () => {
    expect(inFixture("const a = 1;\nexport const note = 'Your order is on its way today';\n")).toEqual([
      { where: 'fixture.ts:2', text: 'Your order is on its way today', missing: 'catalog' },
    ]);
  });

  it('passes the same sentence marked for the catalog, when it has its Kiswahili', () => {
    expect(
      inFixture("import { catalogued } from './language';\nexport const note = catalogued('Your order is on its way today');\n"),
    ).toEqual([]);
    expect(inFixture('throw new ApiError(400, `Paid ${amount} for ${order}`);')).toEqual([]);
  });

  it('reports a marked sentence without Kiswahili', () => {
    expect(inFixture("const note = catalogued('Nobody translated this yet');")).toEqual([
      { where: 'fixture.ts:1', text: 'Nobody translated this yet', missing: 'kiswahili' },
    ]);
  });

  it('leaves operators’ texts, machine text and catalogs of both languages alone', () => {
    const source = [
      "log.info({ id }, 'job ran for the night');",
      "request.log.warn('the provider answered late');",
      "app.log.error({ err }, 'could not start the thing');",
      'processLogger.error(`idle client error: ${message}`);',
      "throw new Error('The embedded database is closed.');",
      "const reason = forOperators('No answer after repeated status queries');",
      "const rows = db.selectFrom('users as u').where('u.id', 'is not', null);",
      'const q = sql`select count(*) from orders where paid is true`;',
      "reply.header('cache-control', 'public, max-age=31536000, immutable');",
      "const csp = \"default-src 'none'; frame-ancestors 'none'\";",
      "import { thing } from 'some package name';",
      "const SMS = { paid: { en: 'Order {number} paid in full', sw: 'Agizo {number} limelipwa kikamilifu' } };",
      "const one = 'word'; const url = 'https://example.com/a b'; const mime = 'text/plain; charset=utf-8';",
    ].join('\n');
    expect(inFixture(source)).toEqual([]);
  });

  it('keeps an allowed text or file as written', () => {
    const source = "const bank = 'Equity Bank Kenya'; const other = 'Some other words here';";
    expect(inFixture(source, { 'Equity Bank Kenya': 'a name' }).map((f) => f.text)).toEqual(['Some other words here']);
    expect(inFixture(source, { 'fixture.ts': 'a tool' })).toEqual([]);
  });

  it('reads as English: two words or more, mostly words', () => {
    expect(['Accept the order', 'Due date', 'Paid by card. Confirmation {0}.', '<p>No mail yet.</p>'].filter(readsAsEnglish)).toHaveLength(
      4,
    );
    expect(
      [
        'Receipt',
        'orders as o',
        'is not',
        'is distinct from',
        'application/json',
        'YYYY-MM-DD HH:mm',
        'event: message\ndata: {0}\n\n',
      ].filter(readsAsEnglish),
    ).toEqual([]);
  });

  it('tells a translation from English a loose template let through', () => {
    expect(isTranslated('Paid. M-Pesa receipt 7.', 'Imelipwa. Risiti ya M-Pesa 7.')).toBe(true);
    expect(
      isTranslated('Finish paying 7 on our card partner’s secure page.', 'Finish paying 7 tarehe our card partner’s secure page.'),
    ).toBe(false);
  });
});

describe('the message scan', () => {
  it('takes no snake_case name under `message:` for a text, but takes the sentences there', () => {
    const source = "const a = { message: 'rate_limited' };\nconst b = { message: 'Too many tries, wait a minute' };";
    const texts = scanServer(new Sources([], { 'fixture.ts': source })).messages.map((m) => m.text);
    expect(texts).toEqual(['Too many tries, wait a minute']);
  });
});
