import type { CropProfit, FarmProfit } from '@shambasoko/contracts';
import type { Kysely } from 'kysely';
import { HECTARES_PER_ACRE, type FieldUnit } from '@shambasoko/contracts';
import type { Database } from '../../../db/schema';
import { cropSales } from '../../market';
import { NOT_FOUND, access, orThrow } from '../common/access';
import { cropYield } from '../harvests/yield';
import * as repo from './repository';
import { shareOut } from './share';

type Db = Kysely<Database>;

// Profit = income − costs, per crop, field, season and farm. A cost tied to a crop is that crop's; a
// field's cost tied to no crop is shared among the field's crops by crop area; a farm-wide cost (no
// field) is shared among the fields with crops by field area, then within each field by crop area.
// With seasons named, a cost counts when its crop or season is one of them, or, tied to neither,
// when its date falls inside one of them.

const HECTARES_PER: Record<FieldUnit, number> = { hectares: 1, acres: HECTARES_PER_ACRE, 'square meters': 0.0001 };

interface Line {
  income: number;
  directCosts: number;
  sharedCosts: number;
}

function line(l: Line, hectares: number) {
  const costs = l.directCosts + l.sharedCosts;
  const profit = l.income - costs;
  const acres = hectares / HECTARES_PER_ACRE;
  return {
    income: l.income,
    directCosts: l.directCosts,
    sharedCosts: l.sharedCosts,
    costs,
    profit,
    acres: Math.round(acres * 100) / 100,
    profitPerAcre: acres > 0 ? Math.round(profit / acres) : null,
  };
}

const add = (into: Line, from: Line) => {
  into.income += from.income;
  into.directCosts += from.directCosts;
  into.sharedCosts += from.sharedCosts;
};

/** The profit of a farm's crops, of the seasons named or of every season. Money roles only. */
export async function farmProfit(db: Db, userId: string, farmId: string, seasonIds?: readonly string[]): Promise<FarmProfit> {
  await access(db, userId, farmId, 'money:read');
  return profitOf(db, farmId, seasonIds);
}

/** Without the access check: for callers that made it (the farm report). */
export async function profitOf(db: Db, farmId: string, seasonIds?: readonly string[]): Promise<FarmProfit> {
  const farmName = orThrow(await repo.farmName(db, farmId), NOT_FOUND.farm);
  const [crops, fields, seasons, costs] = await Promise.all([
    repo.cropsOf(db, farmId, seasonIds),
    repo.fieldsOf(db, farmId),
    repo.seasonsOf(db, farmId),
    repo.costsOf(db, farmId),
  ]);
  const cropIds = crops.map((c) => c.id);
  const [harvested, manual, market] = await Promise.all([
    repo.harvestedKg(db, cropIds),
    repo.manualIncome(db, cropIds),
    cropSales(db, cropIds),
  ]);

  const lines = new Map<string, Line>(crops.map((c) => [c.id, { income: 0, directCosts: 0, sharedCosts: 0 }]));
  for (const m of manual) lines.get(m.cropId)!.income += Number(m.total);
  for (const s of market) lines.get(s.cropId)!.income += s.total;

  const inScope = new Set(cropIds);
  const seasonById = new Map(seasons.map((s) => [s.id, s]));
  const named = seasonIds ? new Set(seasonIds) : undefined;
  const chosenSeasons = seasons.filter((s) => !named || named.has(s.id));
  const counts = (cost: (typeof costs)[number]) => {
    if (!named) return true;
    if (cost.cropId) return inScope.has(cost.cropId);
    if (cost.seasonId) return named.has(cost.seasonId);
    return chosenSeasons.some((s) => s.startDate <= cost.date && cost.date <= s.endDate);
  };

  const cropsOfField = new Map<string, typeof crops>();
  for (const c of crops) cropsOfField.set(c.fieldId, [...(cropsOfField.get(c.fieldId) ?? []), c]);
  const fieldHectares = new Map(fields.map((f) => [f.id, f.size * HECTARES_PER[f.unit as FieldUnit]]));
  const plantedFields = fields.filter((f) => cropsOfField.has(f.id));

  let unallocated = 0;
  let farmDirect = 0;
  let farmShared = 0;
  const shareInField = (fieldId: string, amount: number): boolean => {
    const inField = cropsOfField.get(fieldId) ?? [];
    const parts = shareOut(
      amount,
      inField.map((c) => c.area),
    );
    if (!parts) return false;
    inField.forEach((c, i) => (lines.get(c.id)!.sharedCosts += parts[i]!));
    return true;
  };
  for (const cost of costs.filter(counts)) {
    if (cost.cropId) {
      if (inScope.has(cost.cropId)) {
        lines.get(cost.cropId)!.directCosts += cost.amount;
        farmDirect += cost.amount;
      } else unallocated += cost.amount;
      continue;
    }
    const fieldId = cost.fieldId ?? (cost.seasonId ? (seasonById.get(cost.seasonId)?.fieldId ?? null) : null);
    if (fieldId) {
      if (shareInField(fieldId, cost.amount)) farmShared += cost.amount;
      else unallocated += cost.amount;
      continue;
    }
    const parts = shareOut(
      cost.amount,
      plantedFields.map((f) => fieldHectares.get(f.id)!),
    );
    if (!parts) {
      unallocated += cost.amount;
      continue;
    }
    plantedFields.forEach((f, i) => shareInField(f.id, parts[i]!));
    farmShared += cost.amount;
  }

  const kgOf = new Map<string, Array<{ kg: number; destination: 'stored' | 'sold' | 'eaten' | 'lost' }>>();
  for (const h of harvested) {
    kgOf.set(h.cropId, [...(kgOf.get(h.cropId) ?? []), { kg: Number(h.kg), destination: h.destination as 'stored' }]);
  }

  const cropRows: CropProfit[] = crops.map((c) => {
    const y = cropYield(c.id, c.area, c.yieldPerHectare, kgOf.get(c.id) ?? []);
    return {
      cropId: c.id,
      cropName: c.name,
      fieldId: c.fieldId,
      fieldName: c.fieldName,
      seasonId: c.seasonId,
      seasonName: c.seasonName,
      ...line(lines.get(c.id)!, c.area),
      harvestedKg: y.harvestedKg,
      kgPerAcre: y.kgPerAcre,
      expectedKgPerAcre: y.expectedKgPerAcre,
      percentOfExpected: y.percentOfExpected,
    };
  });

  const fieldRows = plantedFields.map((f) => {
    const total: Line = { income: 0, directCosts: 0, sharedCosts: 0 };
    for (const c of cropsOfField.get(f.id)!) add(total, lines.get(c.id)!);
    return { fieldId: f.id, fieldName: f.name, ...line(total, fieldHectares.get(f.id)!) };
  });

  const seasonRows = seasons
    .filter((s) => crops.some((c) => c.seasonId === s.id))
    .map((s) => {
      const total: Line = { income: 0, directCosts: 0, sharedCosts: 0 };
      let hectares = 0;
      for (const c of crops.filter((crop) => crop.seasonId === s.id)) {
        add(total, lines.get(c.id)!);
        hectares += c.area;
      }
      return { seasonId: s.id, seasonName: s.name, ...line(total, hectares) };
    });

  const income = [...lines.values()].reduce((sum, l) => sum + l.income, 0);
  const farmHectares = plantedFields.reduce((sum, f) => sum + fieldHectares.get(f.id)!, 0);
  return {
    farmId,
    farmName,
    seasonId: seasonIds?.length === 1 ? seasonIds[0]! : null,
    crops: cropRows,
    fields: fieldRows,
    seasons: seasonRows,
    unallocatedCosts: unallocated,
    farm: line({ income, directCosts: farmDirect, sharedCosts: farmShared + unallocated }, farmHectares),
  };
}
