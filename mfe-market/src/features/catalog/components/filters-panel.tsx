import { useEffect, useState, type FormEvent } from 'react';
import { Button, SelectField, TextField } from '@shambasoko/shared/ui';
import { useT } from '../../../lib/i18n';
import { useT as useFiltersT } from '../../../lib/i18n-filters';
import { useCounties } from '../api/get-counties';
import type { MarketFilters } from '../market-filters';

type PanelValues = Pick<MarketFilters, 'minPrice' | 'maxPrice' | 'county' | 'inStock' | 'minRating'>;

interface Draft {
  minPrice: string;
  maxPrice: string;
  county: string;
  inStock: boolean;
  minRating: string;
}

const toDraft = (f: PanelValues): Draft => ({
  minPrice: f.minPrice === null ? '' : String(f.minPrice),
  maxPrice: f.maxPrice === null ? '' : String(f.maxPrice),
  county: f.county ?? '',
  inStock: f.inStock,
  minRating: f.minRating === null ? '' : String(f.minRating),
});

const RATINGS = [4, 3, 2, 1];

const toNumber = (s: string) => (s.trim() === '' ? null : Math.max(0, Math.floor(Number(s))));

export function FiltersPanel({
  id,
  filters,
  onApply,
  onClear,
}: {
  id: string;
  filters: PanelValues;
  onApply(values: PanelValues): void;
  onClear(): void;
}) {
  const t = useT();
  const filtersT = useFiltersT();
  const counties = useCounties();
  const [draft, setDraft] = useState(() => toDraft(filters));
  const [priceError, setPriceError] = useState<string | null>(null);
  const { minPrice, maxPrice, county, inStock, minRating } = filters;
  useEffect(() => setDraft(toDraft({ minPrice, maxPrice, county, inStock, minRating })), [minPrice, maxPrice, county, inStock, minRating]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const min = toNumber(draft.minPrice);
    const max = toNumber(draft.maxPrice);
    if (min !== null && max !== null && min > max) {
      setPriceError(filtersT('filters.priceOrder'));
      return;
    }
    setPriceError(null);
    onApply({
      minPrice: min,
      maxPrice: max,
      county: draft.county || null,
      inStock: draft.inStock,
      minRating: draft.minRating ? Number(draft.minRating) : null,
    });
  };

  const countyOptions = (counties.data ?? []).map((c) => ({ value: c, label: c }));
  if (draft.county && !countyOptions.some((o) => o.value === draft.county))
    countyOptions.unshift({ value: draft.county, label: draft.county });

  const bind = (name: 'minPrice' | 'maxPrice' | 'county' | 'minRating') => ({
    value: draft[name],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value }),
  });
  const price = { type: 'number', inputMode: 'numeric', min: 0 } as const;
  const ratingOptions = RATINGS.map((n) => ({ value: String(n), label: filtersT('filters.starsUp', { count: n }) }));

  return (
    <form id={id} onSubmit={submit} aria-label={t('market.filters')} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <TextField label={filtersT('filters.minPrice')} placeholder="0" {...price} {...bind('minPrice')} />
        <TextField
          label={filtersT('filters.maxPrice')}
          placeholder={filtersT('filters.any')}
          error={priceError}
          {...price}
          {...bind('maxPrice')}
        />
        <SelectField
          label={filtersT('filters.county')}
          placeholder={filtersT('filters.allCounties')}
          options={countyOptions}
          containerClassName="col-span-2 sm:col-span-1"
          {...bind('county')}
        />
        <SelectField
          label={filtersT('filters.minRating')}
          placeholder={filtersT('filters.anyRating')}
          options={ratingOptions}
          containerClassName="col-span-2 sm:col-span-1"
          {...bind('minRating')}
        />
        <div className="col-span-2 flex items-end sm:col-span-1">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-stone-800">
            <input
              type="checkbox"
              checked={draft.inStock}
              onChange={(e) => setDraft({ ...draft, inStock: e.target.checked })}
              className="size-5 rounded border-stone-300 accent-brand-600"
            />
            {filtersT('filters.inStock')}
          </label>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onClear}>
          {filtersT('filters.clear')}
        </Button>
        <Button type="submit" size="sm">
          {filtersT('filters.apply')}
        </Button>
      </div>
    </form>
  );
}
