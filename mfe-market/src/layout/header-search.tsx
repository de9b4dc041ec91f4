import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SearchIcon } from '../components/icons';
import { useDebouncedValue } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n';

/**
 * The one search box of the market. On /market it searches as you type (debounced 300 ms) and keeps
 * the words in the URL's `q`; on other market pages Enter opens /market with the search.
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
    if (!onMarket || debounced.trim() === urlQ.trim()) return;
    push(debounced, true);
    // Only a settled change of the box should write the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced, onMarket]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onMarket) push(text, false);
    else navigate(text.trim() ? `/market?q=${encodeURIComponent(text.trim())}` : '/market');
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
        onChange={(e) => setText(e.target.value)}
        placeholder={t('header.searchPlaceholder')}

        autoComplete="off"
        enterKeyHint="search"
        className="block min-h-11 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-10 text-base text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
      />
    </form>
  );
}
