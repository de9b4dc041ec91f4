import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

/** Search, notifications and the account menu on the right of the top bar. */
export function TopBarActions() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    const q = query.trim();
    navigate(q ? `/market?q=${encodeURIComponent(q)}` : '/market');
  };
  return (
    <div className="flex items-center gap-1">
      <form role="search" onSubmit={search} className="hidden md:block">
        <label htmlFor="topbar-search" className="sr-only">Search the marketplace</label>
        <input
          id="topbar-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search products…"
          className="min-h-10 w-48 rounded-lg border border-stone-300 bg-white px-3 text-sm"
        />
      </form>
      <Link to="/coming-soon?feature=notifications" aria-label="Notifications" className="grid size-10 place-items-center rounded-lg hover:bg-stone-100">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2"><path d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0" /></svg>
      </Link>
    </div>
  );
}
