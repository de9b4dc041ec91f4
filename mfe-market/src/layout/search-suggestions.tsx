import type { SearchSuggestions } from '@shambasoko/contracts';
import { productPath } from '../components/market-paths';
import { useT } from '../lib/i18n';

/** One line of the list: a text to search for, or a page to open (a listing, a shop). */
export type SuggestionOption =
  | { kind: 'search'; search: string; label: string; type: 'kind' | 'county'; key: string }
  | { kind: 'page'; to: string; label: string; type: 'product' | 'seller'; key: string };

/** The answer as list lines, in the order shown: kinds, listings, sellers, counties. */
export function suggestionOptions(s: SearchSuggestions, locale: string): SuggestionOption[] {
  return [
    ...s.kinds.map((k): SuggestionOption => ({
      kind: 'search',
      search: k.search,
      label: k.words.join(' · '),
      type: 'kind',
      key: `k:${k.search}`,
    })),
    ...s.products.map((p): SuggestionOption => ({
      kind: 'page',
      to: productPath(p.id),
      label: locale === 'sw' && p.titleSw ? p.titleSw : p.name,
      type: 'product',
      key: `p:${p.id}`,
    })),
    ...s.sellers.map((seller): SuggestionOption => ({
      kind: 'page',
      to: `/market/seller/${encodeURIComponent(seller.id)}`,
      label: seller.name,
      type: 'seller',
      key: `s:${seller.id}`,
    })),
    ...s.counties.map((c): SuggestionOption => ({ kind: 'search', search: c, label: c, type: 'county', key: `c:${c}` })),
  ];
}

/** The suggestions under the header search (a listbox the box controls); nothing when there are none. */
export function SuggestionList({
  id,
  options,
  active,
  onPick,
}: {
  id: string;
  options: readonly SuggestionOption[];
  active: number;
  onPick: (option: SuggestionOption) => void;
}) {
  const t = useT();
  if (options.length === 0) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('suggest.label')}
      className="absolute top-full right-0 left-0 z-30 mt-1 max-h-[60vh] overflow-y-auto rounded-lg border border-stone-200 bg-white py-1 shadow-lg"
    >
      {options.map((option, i) => (
        <li
          key={option.key}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === active}
          // Before the box's blur closes the list.
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(option);
          }}
          className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 text-base text-stone-900 ${i === active ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
        >
          <span className="truncate">{option.label}</span>
          <span className="shrink-0 text-xs text-stone-500">{t(`suggest.${option.type}`)}</span>
        </li>
      ))}
    </ul>
  );
}
