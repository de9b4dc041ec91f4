import { memo, useCallback, useState, type ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { homePathFor, isHomePath, useSession } from '@shambasoko/shared';
import { Logo } from '@shambasoko/shared/ui';
import { useEffectiveRemotes } from '../features/remotes/remotes-provider';
import { PageMetaListener, type PageMeta } from '../lib/page-meta';
import { heldRoles, sidebarGroups } from './sidebar-menu';
import { LanguageSwitcher } from './language-switcher';
import { TopBarActions } from './top-bar-actions';
import { RoleSwitcher } from './role-switcher';
import { known, useT } from '../lib/i18n';

// The sidebar and the top bar's controls are memoised: the layout re-renders on every navigation
// and whenever its parents do (remotes manifest, session), and on a slow phone re-rendering the
// menus, the bell and the account menu each time added long tasks to the dashboard's start.
const Sidebar = memo(function Sidebar({ onNavigate }: { onNavigate(): void }) {
  const t = useT();
  const role = useSession((s) => s.role);
  const user = useSession((s) => s.user);
  // The build each remote has on this page (live, or a staged rollout's), so its menu matches its pages.
  const remotes = useEffectiveRemotes();
  // The remotes' own menu entries (from the manifest) and the shell's; no list of their pages here.
  const groups = sidebarGroups(remotes && { remotes }, role, heldRoles(user));

  return (
    <nav aria-label={t('menu.main')} className="flex h-full flex-col overflow-y-auto px-3 py-4">
      <Link to="/" className="mb-6 px-2 text-lg text-brand-700" onClick={onNavigate}>
        <Logo />
      </Link>
      {groups.map((group) => (
        <div key={group.title} className="mb-5">
          <p className="px-2 text-xs font-semibold tracking-wide text-stone-500 uppercase">{known('menu.group', group.title)}</p>
          <ul className="mt-1 space-y-0.5">
            {group.items.map((item) => (
              <li key={`${item.label} ${item.to}`}>
                <NavLink
                  to={item.to}
                  end={isHomePath(item.to)}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    `flex min-h-10 items-center rounded-lg px-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-stone-700 hover:bg-stone-100'}`
                  }
                >
                  {known('menu.item', item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {/* Phones: the top bar leaves the language to the drawer (from sm up it is in the top bar). */}
      <div className="mt-auto px-2 pt-2 sm:hidden">
        <LanguageSwitcher label={t('language.label')} className="border-stone-300 bg-white text-stone-700 hover:bg-stone-100" />
      </div>
    </nav>
  );
});

const MemoTopBarActions = memo(TopBarActions);
const stayOnPage = () => undefined;

/**
 * The authenticated shell: fixed sidebar (a drawer on phones) and a top bar around the page. The
 * title, breadcrumbs and Back come from the page's route handles, which the remote area inside
 * reports through PageMetaListener.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [meta, setMeta] = useState<PageMeta | null>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const home = homePathFor(useSession((s) => s.role));
  const crumbs = meta?.crumbs ?? [{ label: t('topbar.home'), to: home }];

  return (
    <div className="min-h-screen bg-stone-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 border-r border-stone-200 bg-white lg:block">
        <Sidebar onNavigate={stayOnPage} />
      </aside>
      {drawerOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label={t('menu.dialog')}>
          <button
            type="button"
            aria-label={t('menu.close')}
            className="absolute inset-0 bg-stone-900/40"
            onClick={() => setDrawerOpen(false)}
          />
          <aside className="absolute inset-y-0 left-0 w-64 bg-white shadow-xl">
            <Sidebar onNavigate={closeDrawer} />
          </aside>
        </div>
      ) : null}
      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur">
          <div className="flex min-h-16 items-center gap-1 px-2 sm:gap-2 sm:px-6">
            <button
              type="button"
              aria-label={t('menu.open')}
              className="grid size-10 place-items-center rounded-lg hover:bg-stone-100 lg:hidden"
              onClick={() => setDrawerOpen(true)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <button
              type="button"
              aria-label={t('topbar.back')}
              className="grid size-10 place-items-center rounded-lg hover:bg-stone-100"
              onClick={() => navigate(meta?.back ?? home)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M15 18l-6-6 6-6" />
              </svg>
            </button>
            <div className="@container min-w-0 flex-1">
              {/* Two lines rather than an ellipsis: a phone leaves the title ~110 px ("Farm Overv…"). With
                  the role switcher beside it a phone may leave ~20 px, a letter a line: then the title
                  gives way, and the page's own heading just below says it. */}
              <p
                className="line-clamp-2 text-base leading-5 font-semibold [overflow-wrap:anywhere] text-stone-900 @max-[5rem]:hidden sm:text-lg sm:leading-7"
                data-testid="page-title"
              >
                {meta?.title}
              </p>
              <nav aria-label={t('topbar.breadcrumb')} className="hidden sm:block">
                <ol className="flex flex-wrap items-center gap-1 text-xs text-stone-500">
                  {crumbs.map((crumb, i) => (
                    <li key={crumb.to} className="flex items-center gap-1">
                      {i > 0 ? <span aria-hidden="true">/</span> : null}
                      {i === crumbs.length - 1 ? (
                        <span aria-current="page">{crumb.label}</span>
                      ) : (
                        <Link to={crumb.to} className="hover:text-brand-700">
                          {crumb.label}
                        </Link>
                      )}
                    </li>
                  ))}
                </ol>
              </nav>
            </div>
            <RoleSwitcher />
            <MemoTopBarActions />
          </div>
        </header>
        <div id="main-content">
          <PageMetaListener value={setMeta}>{children}</PageMetaListener>
        </div>
      </div>
    </div>
  );
}
