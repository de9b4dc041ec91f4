import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homePathFor, isSignedIn, useSession } from '@shambasoko/shared';
import { HeroCarousel } from '../features/landing/hero-carousel';
import { useAfterFirstPaint } from '../features/landing/use-after-first-paint';
import { useRemotes } from '../features/remotes/remotes-provider';
import { LanguageSwitcher } from '../layout/language-switcher';
import { useT } from '../features/landing/i18n';

// Everything below the hero arrives after first paint, once the browser is idle (or the visitor
// scrolls): a phone on mobile data shows and can use the hero first.
const LandingSections = lazy(() => import('../features/landing/landing-sections'));

const NAV = [
  { label: 'nav.home', href: '#home' },
  { label: 'nav.stakeholders', href: '#stakeholders' },
  { label: 'nav.features', href: '#features' },
  { label: 'nav.howItWorks', href: '#how-it-works' },
  { label: 'nav.contact', href: '#contact' },
] as const;

const STATS = [
  { value: '10K+', label: 'stats.users' },
  { value: 'Ksh 350M', label: 'stats.transactions' },
  { value: '47', label: 'stats.counties' },
] as const;

type ChooserProps = { open: boolean; onClose(): void };

/** Opens the account chooser exposed by the auth remote, loaded only when needed. */
function useAccountChooser() {
  const { state, recheck } = useRemotes();
  const [Chooser, setChooser] = useState<ComponentType<ChooserProps> | null>(null);
  const [open, setOpen] = useState(false);
  const show = async (): Promise<boolean> => {
    // A tap before the registry's manifest has arrived (a slow phone, a busy link) reads it now rather
    // than skipping the chooser and opening the last account's dashboard.
    const manifest = state.status === 'ready' ? state.manifest : await recheck().catch(() => null);
    const auth = manifest?.remotes.find((r) => r.name === 'auth');
    if (!auth) return false;
    try {
      const { loadRemoteModule } = await import(/* webpackChunkName: "app" */ '../features/remotes/load-remote-routes');
      const module = await loadRemoteModule<{ default: ComponentType<ChooserProps> }>(auth, 'account-chooser');
      setChooser(() => module.default);
      setOpen(true);
      return true;
    } catch {
      return false;
    }
  };
  const element = Chooser ? <Chooser open={open} onClose={() => setOpen(false)} /> : null;
  return { show, element };
}

function LandingHeader({ solid }: { solid: boolean }) {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  const accounts = useSession((s) => s.accounts.length);
  const home = homePathFor(useSession((s) => s.role));
  const navigate = useNavigate();
  const chooser = useAccountChooser();
  const [menuOpen, setMenuOpen] = useState(false);

  const goToDashboard = async () => {
    // Spec: with more than one remembered account, Dashboard first asks which account to continue as.
    if (accounts > 1 && (await chooser.show())) return;
    navigate(home);
  };

  return (
    <header
      data-solid={solid}
      className={`fixed inset-x-0 top-0 z-30 transition-colors duration-300 ${solid || menuOpen ? 'bg-white/95 text-stone-900 shadow-sm backdrop-blur' : 'bg-transparent text-white'}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-4">
        <a href="#home" className="flex shrink-0 items-center gap-2 text-base font-bold sm:text-lg">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
            S
          </span>
          {/* The tile alone on phones, where the header also carries the language, Sign In and Get Started; still read out. */}
          <span className="max-sm:sr-only">ShambaSoko</span>
        </a>
        <nav aria-label={t('nav.sections')} className="hidden md:block">
          <ul className="flex gap-6 text-sm font-medium">
            {NAV.map((item) => (
              <li key={item.href}>
                <a href={item.href} className={solid ? 'hover:text-brand-700' : 'hover:text-brand-100'}>
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher
            label={t('header.language')}
            className={solid || menuOpen ? 'border-stone-300 hover:bg-stone-100' : 'border-white/50 hover:bg-white/10'}
          />
          {signedIn ? (
            <button
              type="button"
              onClick={goToDashboard}
              className="min-h-10 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
            >
              {t('header.dashboard')}
            </button>
          ) : (
            <>
              <Link
                to="/auth/sign-in"
                className={`inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold whitespace-nowrap sm:px-3 ${solid || menuOpen ? 'hover:bg-stone-100' : 'hover:bg-white/10'}`}
              >
                {t('header.signIn')}
              </Link>
              <Link
                to="/auth/create-account"
                className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-3 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-700 sm:px-4"
              >
                {t('header.getStarted')}
              </Link>
            </>
          )}
          <button
            type="button"
            aria-label={t('nav.sectionsMenu')}
            aria-expanded={menuOpen}
            aria-controls="landing-sections-menu"
            onClick={() => setMenuOpen((o) => !o)}
            className={`grid size-11 shrink-0 place-items-center rounded-lg md:hidden ${solid || menuOpen ? 'hover:bg-stone-100' : 'hover:bg-white/10'}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
            </svg>
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="landing-sections-menu"
          aria-label={t('nav.sections')}
          className="border-t border-stone-200 bg-white text-stone-900 shadow-md md:hidden"
        >
          <ul className="mx-auto max-w-6xl px-4 py-2">
            {NAV.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  onClick={() => setMenuOpen(false)}
                  className="flex min-h-11 items-center rounded-lg px-2 font-medium hover:bg-stone-100"
                >
                  {t(item.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {chooser.element}
    </header>
  );
}

export function LandingPage() {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  const home = homePathFor(useSession((s) => s.role));
  const heroRef = useRef<HTMLElement>(null);
  const [pastHero, setPastHero] = useState(false);
  const showSections = useAfterFirstPaint();
  // A page that sends someone home with news (e.g. "your account has been deleted") puts it in the route state.
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  useEffect(() => {
    const hero = heroRef.current;
    if (!hero || typeof IntersectionObserver === 'undefined') return;
    // The header turns solid once the hero has scrolled out from under it.
    const observer = new IntersectionObserver(([entry]) => setPastHero(!entry?.isIntersecting), { rootMargin: '-64px 0px 0px 0px' });
    observer.observe(hero);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="min-h-screen bg-white">
      <LandingHeader solid={pastHero} />
      {typeof notice === 'string' && (
        <p
          role="status"
          className="fixed inset-x-0 top-20 z-40 mx-auto w-fit max-w-[90%] rounded-lg border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm font-medium text-brand-800 shadow-lg"
        >
          {notice}
        </p>
      )}
      <main>
        <section
          id="home"
          ref={heroRef}
          aria-labelledby="hero-title"
          className="relative isolate flex min-h-[100svh] items-center overflow-hidden bg-brand-800"
        >
          <HeroCarousel />
          <div className="relative z-10 mx-auto w-full max-w-6xl px-4 pt-24 pb-20 text-white">
            <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t('hero.eyebrow')}</p>
            <h1 id="hero-title" className="mt-3 max-w-2xl text-4xl leading-tight font-bold sm:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 max-w-xl text-lg text-stone-100">{t('hero.text')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={signedIn ? home : '/market'}
                className="inline-flex min-h-12 items-center rounded-lg bg-brand-600 px-6 text-base font-semibold text-white shadow-lg hover:bg-brand-700"
              >
                {signedIn ? t('hero.goToDashboard') : t('hero.visitMarketplace')}
              </Link>
              <a
                href="#how-it-works"
                className="inline-flex min-h-12 items-center rounded-lg border border-white/60 px-6 text-base font-semibold text-white hover:bg-white/10"
              >
                {t('hero.howItWorks')}
              </a>
            </div>
            <dl className="mt-12 grid max-w-lg grid-cols-3 gap-4">
              {STATS.map((stat) => (
                <div key={stat.label}>
                  <dt className="text-sm text-stone-200">{t(stat.label)}</dt>
                  <dd className="text-xl font-bold whitespace-nowrap sm:text-3xl">{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </section>
        <Suspense fallback={<div className="min-h-screen" />}>
          {showSections ? <LandingSections /> : <div className="min-h-screen" />}
        </Suspense>
      </main>
    </div>
  );
}
