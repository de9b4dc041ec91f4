import { KENYA_COUNTIES } from '@shambasoko/shared/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((c) => ({ value: c, label: c }));

type Registered = UseFormRegisterReturn & { error?: string | undefined };

/** A farm's location: one of the 47 counties and a free-text place within it. */
export function CountyPlaceFields({ county, place, readOnly }: { county: Registered; place: Registered; readOnly?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="County" required placeholder="Choose a county" options={COUNTY_OPTIONS} {...county} disabled={readOnly} />
      <TextField label="Place" {...place} readOnly={readOnly} hint="Village, ward or landmark" placeholder="e.g. Njoro, near the market" />
    </div>
  );
}
