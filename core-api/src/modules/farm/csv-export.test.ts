import { sql } from 'kysely';
import type { Envelope } from '../../http/envelope';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { csvCell, csvFileName, toCsv } from './common/csv';
import { type Client, type FarmFixture, addMember, buildFarm, newClient } from './test-helpers';

let t: TestApp;
let owner: Client;
let stranger: Client;
let a: FarmFixture;
let b: FarmFixture;
let theirs: FarmFixture;

const cost = (f: FarmFixture, description: string, amount: number, extra: object = {}) => ({
  farmId: f.farm.id,
  budgetCategory: 'Fuel',
  description,
  amount,
  date: '2026-11-20',
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  owner = await newClient(t, { firstName: 'Wanjiru' });
  stranger = await newClient(t, { firstName: 'Baraka' });
  a = await buildFarm(owner, 'Export Farm A');
  b = await buildFarm(owner, 'Export Farm B');
  theirs = await buildFarm(stranger, 'Stranger Farm');
  for (const [client, body] of [
    [owner, cost(a, '=HYPERLINK("http://evil.example","Click")', 4_500)],
    [owner, cost(a, 'Diesel, 20 l "red"\nfor the tractor', 3_000, { fieldId: a.field.id })],
    [owner, cost(b, 'Fencing posts', 12_000)],
    [stranger, cost(theirs, 'Stranger secret cost', 777)],
  ] as const) {
    const res = await client.post('/v1/costs', body);
    if (res.status !== 201) throw new Error(res.message);
  }
}, 90_000);
afterAll(async () => t?.close());

async function csv(who: Client, url: string) {
  const res = await t.request({ method: 'GET', url, headers: who.user.headers });
  return { status: res.statusCode, headers: res.headers, text: res.payload };
}

/** The data lines of a CSV answer (without the BOM and the header row), trailing CRLF removed. */
const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(1, -1);

describe('CSV file names', () => {
  it("carry Nairobi's date, not the server's", () => {
    expect(csvFileName('costs', new Date('2026-11-30T22:30:00Z'))).toBe('costs-2026-12-01.csv');
    expect(csvFileName('costs', new Date('2026-11-30T20:59:59Z'))).toBe('costs-2026-11-30.csv');
  });
});

describe('CSV cells', () => {
  it('quotes by RFC 4180 and turns a would-be formula into text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}1+1`)).toMatch(/^"?'/);
    expect(csvCell('=SUM(A1:A2),x')).toBe(`"'=SUM(A1:A2),x"`);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(toCsv({ header: ['N'], row: (n: number) => [n] }, [1, 2])).toBe('\uFEFFN\r\n1\r\n2\r\n');
  });
});

describe('GET /v1/costs/export.csv', () => {
  it("answers the list's filters as a UTF-8 CSV file with a header row, guarded formulas and quoted text", async () => {
    const res = await csv(owner, `/v1/costs/export.csv?farmId=${a.farm.id}&sort=amount`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="costs-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text.startsWith('\uFEFFDate,Description,Category,Activity,Farm,Field,Amount (KES)\r\n')).toBe(true);
    expect(lines(res.text)).toEqual([
      `2026-11-20,"Diesel, 20 l ""red""\nfor the tractor",Fuel,Other,Export Farm A,Block 1,3000`,
      `2026-11-20,"'=HYPERLINK(""http://evil.example"",""Click"")",Fuel,Other,Export Farm A,Whole farm,4500`,
    ]);
  });

  it("is written in the reader's language: the header and the catalogued labels, not the farm's own words", async () => {
    const headers = { ...owner.user.headers, 'accept-language': 'sw-KE' };
    const res = await t.request({ method: 'GET', url: `/v1/costs/export.csv?farmId=${b.farm.id}`, headers });
    const [header, row] = res.payload.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Tarehe,Maelezo,Aina,Shughuli,Shamba,Sehemu,Kiasi (KES)');
    expect(row).toMatch(/^2026-11-20,Fencing posts,.*,Export Farm B,Shamba zima,12000$/);
  });

  it("holds every page of the caller's farms and nothing of another's", async () => {
    const all = await csv(owner, '/v1/costs/export.csv?pageSize=1&page=3');
    expect(lines(all.text)).toHaveLength(3);
    expect(all.text).not.toContain('Stranger');
    const search = await csv(owner, '/v1/costs/export.csv?search=fencing');
    expect(lines(search.text)).toEqual(['2026-11-20,Fencing posts,Fuel,Other,Export Farm B,Whole farm,12000']);
  });

  it("refuses another tenant's farm and a bad filter with the envelope", async () => {
    const other = await csv(owner, `/v1/costs/export.csv?farmId=${theirs.farm.id}`);
    expect(other.status).toBe(404);
    expect(JSON.parse(other.text)).toMatchObject({ header: { isSuccess: false }, body: null });
    expect(other.text).not.toContain('Stranger secret');
    const bad = await csv(owner, '/v1/costs/export.csv?category=Nope');
    expect(bad.status).toBe(400);
    expect((JSON.parse(bad.text) as Envelope<null>).header.customerMessage).toMatch(/^category: must be one of/);
    expect((await t.request({ method: 'GET', url: '/v1/costs/export.csv' })).statusCode).toBe(401);
  });
});

describe('the row cap', () => {
  it('refuses an export of more than 10,000 rows with a way to narrow it, rather than a file cut short', async () => {
    const big = await buildFarm(owner, 'Big Farm');
    await sql`insert into costs (farm_id, category, amount, cost_date, created_by)
      select ${big.farm.id}, 'Labor', n, date '2026-01-01', ${owner.user.id} from generate_series(1, 10001) as n`.execute(t.db);
    const res = await csv(owner, `/v1/costs/export.csv?farmId=${big.farm.id}`);
    expect(res.status).toBe(400);
    expect((JSON.parse(res.text) as Envelope<null>).header.customerMessage).toBe(
      'This export has more than 10,000 rows. Choose a farm or a season in Filters and export again.',
    );
    await sql`delete from costs where amount = 1 and farm_id = ${big.farm.id}`.execute(t.db);
    const capped = await csv(owner, `/v1/costs/export.csv?farmId=${big.farm.id}`);
    expect(capped.status).toBe(200);
    expect(lines(capped.text)).toHaveLength(10_000);
  });
});

describe('GET /v1/activities/export.csv and /v1/farm-users/export.csv', () => {
  it('exports the activities the filters match', async () => {
    const res = await csv(owner, `/v1/activities/export.csv?farmId=${b.farm.id}`);
    expect(res.status).toBe(200);
    expect(res.text.split('\r\n')[0]).toBe('\uFEFFActivity,Farm,Field,Season,Crop,Assigned to,Due date,Status,Notes');
    expect(lines(res.text)).toEqual(['Planting,Export Farm B,Block 1,Short Rains,Maize,,,Pending,']);
  });

  it('exports one line per membership, with contacts only for roles that may see them', async () => {
    const viewer = await newClient(t, { firstName: 'Viewer' });
    await addMember(owner, a.farm.id, viewer, 'Viewer');
    const asOwner = await csv(owner, `/v1/farm-users/export.csv?farmId=${a.farm.id}&sort=role`);
    expect(asOwner.text.split('\r\n')[0]).toBe('\uFEFFName,E-mail,Phone,Farm,Role,Field,Season,Crop,Status,Added');
    const rows = lines(asOwner.text);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.includes('Viewer'))).toContain(`${viewer.user.email},'+254 700 000 000,Export Farm A,Viewer`);
    const asViewer = lines((await csv(viewer, `/v1/farm-users/export.csv?farmId=${a.farm.id}`)).text);
    expect(asViewer.find((r) => r.includes(',Owner,'))).toMatch(/^[^,]+,,,Export Farm A,Owner,/);
  });
});
