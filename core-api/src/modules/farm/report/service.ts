import { NAIROBI_UTC_OFFSET } from '@shambasoko/contracts/time';
import type { FarmProfit } from '@shambasoko/contracts';
import { type Kysely, sql } from 'kysely';
import {
  FARM_REPORT_PARTS,
  type FarmReportPart,
  HECTARES_PER_ACRE,
  type ShareLink,
  formatDecimal,
  formatKES,
  orderNumber,
} from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { ApiError } from '../../../http/envelope';
import type { Language } from '../../../http/language';
import { type FarmReportLink, type Paper, createFarmReportLink, cropSales, dateIn, heading, paperFooter, render, row } from '../../market';
import { NOT_FOUND, access } from '../common/access';
import { checkSeason } from '../common/refs';
import { incomeOfCrops } from '../income/repository';
import { profitOf } from '../profit/service';
import { reportWordsIn } from './words';

type Db = Kysely<Database>;

// The farm report for a loan (issue 42): the farm, its fields, and per season each crop's yield
// against the expected, income, costs and profit per acre, then the M-Pesa payments received. The
// farmer picks the seasons (the latest three by default) and the parts; the books' roles only.

const LATEST_SEASONS = 3;

interface Choice {
  seasons?: string[] | undefined;
  include?: FarmReportPart[] | undefined;
}

async function seasonsFor(db: Db, farmId: string, chosen: string[] | undefined): Promise<string[]> {
  if (chosen && chosen.length > 0) {
    for (const id of chosen) await checkSeason(db, farmId, id, null);
    return [...new Set(chosen)];
  }
  const latest = await db
    .selectFrom('seasons')
    .select('id')
    .where('farm_id', '=', farmId)
    .orderBy('start_date', 'desc')
    .limit(LATEST_SEASONS)
    .execute();
  return latest.map((s) => s.id);
}

const number = (n: number, digits = 1) => formatDecimal(n, digits);

async function writeReport(db: Db, farmId: string, choice: Choice, language: Language): Promise<Paper> {
  const t = reportWordsIn(language);
  const include = new Set<FarmReportPart>(choice.include && choice.include.length > 0 ? choice.include : FARM_REPORT_PARTS);
  const seasonIds = await seasonsFor(db, farmId, choice.seasons);
  const farm = await db.selectFrom('farms').select(['name', 'county', 'total_size']).where('id', '=', farmId).executeTakeFirst();
  if (!farm) throw new ApiError(404, NOT_FOUND.farm);
  const seasons = await db
    .selectFrom('seasons')
    .select(['id', 'name', sql<string>`start_date::text`.as('startDate'), sql<string>`end_date::text`.as('endDate')])
    .where('id', 'in', seasonIds.length > 0 ? seasonIds : ['00000000-0000-0000-0000-000000000000'])
    .orderBy('start_date')
    .execute();
  const perSeason: Array<{ season: (typeof seasons)[number]; profit: FarmProfit }> = [];
  for (const season of seasons) perSeason.push({ season, profit: await profitOf(db, farmId, [season.id]) });
  const all = await profitOf(db, farmId, seasonIds);
  const cropIds = all.crops.map((c) => c.cropId);
  const sales = include.has('payments') ? (await cropSales(db, cropIds)).filter((s) => s.receipts.length > 0) : [];
  const recorded = include.has('payments') ? (await incomeOfCrops(db, cropIds)).filter((i) => i.paymentMethod === 'mpesa') : [];
  const now = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]?.now ?? new Date();
  const acres = (hectares: number) => `${number(hectares / HECTARES_PER_ACRE, 2)} ${t('acres')}`;
  const day = (iso: string) => dateIn(language, `${iso}T12:00:00${NAIROBI_UTC_OFFSET}`, false);

  const pdf = await render(`${t('title')}: ${farm.name}`, (doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(20)
      .text('ShambaSoko')
      .fontSize(14)
      .text(`${t('title')}: ${farm.name}`);
    doc.fontSize(10).font('Helvetica').moveDown(0.5);
    if (farm.county) row(doc, t('county'), farm.county);
    row(doc, t('farmSize'), acres(farm.total_size));
    if (all.fields.length > 0) {
      heading(doc, t('fields'));
      for (const f of all.fields) row(doc, f.fieldName, `${number(f.acres, 2)} ${t('acres')}`);
    }
    const money = (line: { income: number; costs: number; profit: number; profitPerAcre: number | null }) => {
      row(doc, t('income'), formatKES(line.income));
      row(doc, t('costs'), formatKES(line.costs));
      row(doc, t('profit'), formatKES(line.profit), true);
      row(doc, t('profitPerAcre'), line.profitPerAcre === null ? '-' : formatKES(line.profitPerAcre));
    };
    for (const { season, profit } of perSeason) {
      heading(doc, `${t('season')}: ${season.name} (${day(season.startDate)} - ${day(season.endDate)})`);
      if (profit.crops.length === 0) doc.text(t('noCrops'));
      for (const c of profit.crops) {
        doc
          .moveDown(0.3)
          .font('Helvetica-Bold')
          .text(`${c.cropName} · ${c.fieldName} · ${number(c.acres, 2)} ${t('acres')}`)
          .font('Helvetica');
        if (include.has('yields')) {
          row(doc, t('harvested'), `${number(c.harvestedKg)} kg`);
          row(doc, t('yieldPerAcre'), `${number(c.kgPerAcre)} kg`);
          if (c.expectedKgPerAcre !== null) {
            row(doc, t('expectedPerAcre'), `${number(c.expectedKgPerAcre)} kg (${c.percentOfExpected ?? 0}% ${t('ofExpected')})`);
          }
        }
        if (include.has('money')) money(c);
      }
      if (include.has('money') && profit.crops.length > 0) {
        doc.moveDown(0.3).font('Helvetica-Bold').text(t('seasonTotal')).font('Helvetica');
        money(profit.farm);
      }
    }
    if (include.has('money')) {
      heading(doc, t('allSeasons'));
      money(all.farm);
      doc.moveDown(0.3).fontSize(8).text(t('sharing')).fontSize(10);
    }
    if (include.has('payments')) {
      heading(doc, t('payments'));
      if (sales.length + recorded.length === 0) doc.text(t('noPayments'));
      for (const s of sales) {
        row(
          doc,
          `${day(s.date)} · ${t('order')} ${orderNumber(s.orderNumber)} · ${t('receipt')} ${s.receipts.join(', ')}`,
          formatKES(s.total),
        );
      }
      for (const i of recorded) row(doc, `${day(i.date)} · ${i.buyer || '-'} · ${t('recorded')}`, formatKES(i.total));
      if (sales.length + recorded.length > 0) {
        const total = sales.reduce((sum, s) => sum + s.total, 0) + recorded.reduce((sum, i) => sum + i.total, 0);
        row(doc, t('total'), formatKES(total), true);
      }
    }
    paperFooter(doc, language, now);
  });
  const slug =
    farm.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'farm';
  return { pdf, fileName: `farm-report-${slug}.pdf` };
}

/** The report as the caller downloads it. */
export async function farmReport(db: Db, userId: string, farmId: string, choice: Choice, language: Language): Promise<Paper> {
  await access(db, userId, farmId, 'money:read');
  return writeReport(db, farmId, choice, language);
}

/** A link that opens the report until it expires; the seasons are checked now, as a download would. */
export async function farmReportLink(db: Db, userId: string, farmId: string, choice: Choice): Promise<ShareLink> {
  await access(db, userId, farmId, 'money:read');
  const seasons = await seasonsFor(db, farmId, choice.seasons);
  return createFarmReportLink(db, userId, { farmId, seasons, include: choice.include ?? [...FARM_REPORT_PARTS] });
}

/**
 * Opens a shared report (connected to the market's share links in app.ts): as its owner would
 * download it now, so a link of someone who left the farm or lost its books opens nothing.
 */
export async function openFarmReport(db: Db, userId: string, link: FarmReportLink, language: Language): Promise<Paper> {
  try {
    await access(db, userId, link.farmId, 'money:read');
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(404, NOT_FOUND.farm);
    throw error;
  }
  const include = link.include.filter((p): p is FarmReportPart => (FARM_REPORT_PARTS as readonly string[]).includes(p));
  return writeReport(db, link.farmId, { seasons: link.seasons, include }, language);
}
