import { KENYA_COUNTIES } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n-farms';

const COUNTY_OPTIONS = KENYA_COUNTIES.map((c) => ({ value: c, label: c }));

type Registered = UseFormRegisterReturn & { error?: string | undefined };

/** A farm's location: one of the 47 counties and a free-text place within it. */
export function CountyPlaceFields({ county, place, readOnly }: { county: Registered; place: Registered; readOnly?: boolean }) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        label={t('farms.form.county')}
        required
        placeholder={t('farms.form.chooseCounty')}
        options={COUNTY_OPTIONS}
        {...county}
        disabled={readOnly}
      />
      <TextField
        label={t('farms.form.place')}
        {...place}
        readOnly={readOnly}
        hint={t('farms.form.placeHint')}
        placeholder={t('farms.form.placePlaceholder')}
      />
    </div>
  );
}
