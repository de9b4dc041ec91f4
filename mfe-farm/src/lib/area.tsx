import type { AreaUnit, Field } from '@shambasoko/contracts';
import { usePreferences } from '@shambasoko/shared/preferences';
import { formatArea, toHectares } from './format';
import { useT } from './i18n';

/** The signed-in person's area unit (Preferences); acres, the default, until it is known. */
export function useAreaUnit(): AreaUnit {
  return usePreferences().data?.areaUnit ?? 'acres';
}

/**
 * A size in hectares (or a field's own unit), shown in the preferred unit. A component, so a table
 * cell or row can show it without threading the unit through every column definition.
 */
export function Area(props: { hectares: number } | { size: number; unit: Field['unit'] }) {
  useT(); // in the language of the moment, even inside a memoised row
  const preferred = useAreaUnit();
  return <>{formatArea('hectares' in props ? props.hectares : toHectares(props.size, props.unit), preferred)}</>;
}
