import type { CropYield, HarvestDestination } from '@shambasoko/contracts';
import { HECTARES_PER_ACRE } from '@shambasoko/contracts';

export const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

/** A crop's harvests in kg against its area and its expected tonnes per hectare. */
export function cropYield(
  cropId: string,
  hectares: number,
  expectedTonnesPerHectare: number | null,
  harvests: ReadonlyArray<{ kg: number; destination: HarvestDestination }>,
): CropYield {
  const byDestination = { stored: 0, sold: 0, eaten: 0, lost: 0 };
  for (const h of harvests) byDestination[h.destination] += h.kg;
  const harvestedKg = harvests.reduce((sum, h) => sum + h.kg, 0);
  const acres = hectares / HECTARES_PER_ACRE;
  const expectedKgPerHectare = expectedTonnesPerHectare === null ? null : expectedTonnesPerHectare * 1000;
  const kgPerHectare = hectares > 0 ? harvestedKg / hectares : 0;
  return {
    cropId,
    hectares: round(hectares, 4),
    acres: round(acres, 2),
    harvestedKg: round(harvestedKg, 3),
    kgPerHectare: round(kgPerHectare),
    kgPerAcre: round(acres > 0 ? harvestedKg / acres : 0),
    expectedKgPerHectare: expectedKgPerHectare === null ? null : round(expectedKgPerHectare),
    expectedKgPerAcre: expectedKgPerHectare === null ? null : round(expectedKgPerHectare * HECTARES_PER_ACRE),
    percentOfExpected: expectedKgPerHectare ? Math.round((kgPerHectare / expectedKgPerHectare) * 100) : null,
    byDestination: {
      stored: round(byDestination.stored, 3),
      sold: round(byDestination.sold, 3),
      eaten: round(byDestination.eaten, 3),
      lost: round(byDestination.lost, 3),
    },
  };
}
