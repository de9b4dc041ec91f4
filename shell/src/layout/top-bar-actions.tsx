import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FrameAccountControls } from '@shambasoko/shared/ui';
import { MessagesLink } from './messages-link';
import { CartLink } from './cart-link';
import { LanguageSwitcher } from './language-switcher';
import { useT } from '../lib/i18n';
import { OfflineStatus } from './offline-status';

/** Search, the cart, notifications and the account menu on the right of the top bar (the header family's). */
export function TopBarActions() {
  const t = useT();
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
        <label htmlFor="topbar-search" className="sr-only">
          {t('topbar.search')}
        </label>
        <input
          id="topbar-search"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('topbar.searchPlaceholder')}
          className="min-h-10 w-48 rounded-lg border border-stone-300 bg-white px-3 text-sm"
        />
      </form>
      {/* On phones the page title needs the room: the switcher sits in the menu drawer there. */}
      <div className="hidden sm:block">
        <LanguageSwitcher label={t('language.label')} className="border-stone-300 bg-white text-stone-700 hover:bg-stone-100" />
      </div>
      <OfflineStatus />
      <CartLink />
      <MessagesLink />
      {/* The bell and the avatar menu come with the query cache (app/frames.tsx), lent to every frame. */}
      <FrameAccountControls />
    </div>
  );
}
