import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLocale } from '@shambasoko/shared';
import { SearchIcon } from '../components/frame-icons';
import { useDebouncedValue } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n';
import { useSearchSuggestions } from '../features/catalog/api/get-search-suggestions';
import type { SuggestionList, suggestionOptions, SuggestionOption } from './search-suggestions';

/** The suggestions' lines and list (search-suggestions.tsx). */
interface SuggestionsCode {
  suggestionOptions: typeof suggestionOptions;
  SuggestionList: typeof SuggestionList;
}

// The suggestions' code loads when the box is first used (a focus or a key), not with the frame of every
// market page: a suggestion needs two characters and a 300 ms pause first, by which time it is here.
const loadSuggestions = (): Promise<SuggestionsCode> => import('./search-suggestions');

/**
 * The one search box of the market. On /market it searches as you type (debounced 300 ms) and keeps
 * the words in the URL's `q`; on other market pages Enter opens /market with the search. From two
 * characters it suggests kinds, listings, sellers and counties below the box (a combobox: arrows move,
 * Enter picks, Escape closes).
 */
export function HeaderSearch({ id }: { id: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onMarket = pathname === '/market';
  const urlQ = onMarket ? (params.get('q') ?? '') : '';
  const [text, setText] = useState(urlQ);
  const debounced = useDebouncedValue(text, 300);
  const lastSent = useRef(urlQ);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = debounced.trim().replace(/\s+/g, ' ');
  const suggestions = useSearchSuggestions(typed, open);
  const [locale] = useLocale();
  const [code, setCode] = useState<SuggestionsCode | null>(null);
  // Asked again on the next use if it could not load (offline): until then the box searches without suggestions.
  const wantSuggestions = () => {
    if (!code) loadSuggestions().then(setCode, () => undefined);
  };
  const options = code && open && typed.length >= 2 && suggestions.data ? code.suggestionOptions(suggestions.data, locale) : [];
  const listId = `${id}-suggestions`;

  // The URL changed from elsewhere (back button, Clear filters, a link): show it in the box.
  // Leaving /market empties the box (urlQ is '' elsewhere).
  useEffect(() => {
    if (urlQ !== lastSent.current) {
      lastSent.current = urlQ;
      setText(urlQ);
    }
  }, [urlQ]);

  const push = (value: string, replace: boolean) => {
    const q = value.trim();
    lastSent.current = q;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q) next.set('q', q);
        else next.delete('q');
        next.delete('page');
        return next;
      },
      { replace },
    );
  };

  useEffect(() => {
    // `debounced !== text`: a stale value (a suggestion was just picked) must not write over the pick.
    if (!onMarket || debounced !== text || debounced.trim() === urlQ.trim()) return;
    push(debounced, true);
    // Only a settled change of the box should write the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, onMarket]);

  const searchFor = (value: string) => {
    if (onMarket) push(value, false);
    else navigate(value.trim() ? `/market?q=${encodeURIComponent(value.trim())}` : '/market');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
    searchFor(text);
  };

  const pick = (option: SuggestionOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'search') {
      setText(option.search);
      searchFor(option.search);
    } else navigate(option.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // The first Escape closes the list and keeps the words (a search box's own Escape clears them).
      if (options.length > 0) event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: the arrows cycle through it and the options.
      setActive((current) => ((current + 1 + step + options.length + 1) % (options.length + 1)) - 1);
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    }
  };

  return (
    <form role="search" onSubmit={submit} className="relative w-full">
      <label htmlFor={id} className="sr-only">
        {t('header.searchLabel')}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-lg text-stone-400" />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          wantSuggestions();
        }}
        onFocus={() => {
          setOpen(true);
          wantSuggestions();
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={options.length > 0 ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        placeholder={t('header.searchPlaceholder')}

        autoComplete="off"
        enterKeyHint="search"
        className="block min-h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
      />
      {code && <code.SuggestionList id={listId} options={options} active={active} onPick={pick} />}
    </form>
  );
}
