// How a place reads on screen, without the county table (counties.ts re-exports it): a page that shows
// a farm's location does not download the 47 counties.

/** A farm's location as shown: "Place, County", or whichever of the two it has (once if they repeat). */
export function placeAndCounty(place: string, county: string | null): string {
  const p = place.trim();
  if (!county || p.toLowerCase().includes(county.toLowerCase())) return p || (county ?? '');
  return p ? `${p}, ${county}` : county;
}
