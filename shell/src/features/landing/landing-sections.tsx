import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { HotSellers } from './hot-sellers';
import { useT } from './i18n';

/** Each stakeholder's catalog id, with its icon. */
const STAKEHOLDER_ICONS = {
  farmers: 'sprout',
  suppliers: 'box',
  retailers: 'store',
  manufacturers: 'factory',
  bulkBuyers: 'truck',
  services: 'tools',
} as const;
const STAKEHOLDERS = Object.keys(STAKEHOLDER_ICONS) as Array<keyof typeof STAKEHOLDER_ICONS>;

const FEATURES = ['records', 'budgets', 'team', 'market', 'activities', 'mpesa'] as const;

const STEPS = ['account', 'farm', 'track', 'trade'] as const;

// The people quoted keep their names in every language.
const TESTIMONIALS = [
  { id: 'grace', name: 'Grace Wanjiru' },
  { id: 'peter', name: 'Peter Otieno' },
  { id: 'faith', name: 'Faith Chebet' },
] as const;

const LEGAL = [
  { label: 'footer.privacy', to: '/legal/privacy-policy' },
  { label: 'footer.terms', to: '/legal/terms-of-use' },
  { label: 'footer.cookies', to: '/legal/cookie-policy' },
  { label: 'footer.data', to: '/legal/data-policy' },
] as const;

const EMAIL = 'hello@shambasoko.co.ke';

const ICON_PATHS: Record<string, string> = {
  sprout: 'M12 21v-8m0 0c0-4 3-7 7-7 0 4-3 7-7 7zm0 0C12 9 9 6 5 6c0 4 3 7 7 7',
  box: 'M3 7l9-4 9 4-9 4-9-4zm0 0v10l9 4 9-4V7m-9 4v10',
  store: 'M3 9l2-5h14l2 5M3 9h18M3 9v11h18V9M9 20v-6h6v6',
  factory: 'M3 21V10l6 3V10l6 3V6h3l3 15H3zm4-4h2m4 0h2',
  truck: 'M3 6h11v10H3zm11 4h4l3 3v3h-7M7 19a2 2 0 100-4 2 2 0 000 4zm10 0a2 2 0 100-4 2 2 0 000 4',
  tools: 'M14 6a4 4 0 01-5 5L4 16l4 4 5-5a4 4 0 015-5l-3-3 2-2a4 4 0 00-3 1z',
};

function StakeholderIcon({ name }: { name: string }) {
  return (
    <span aria-hidden="true" className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
      <svg
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={ICON_PATHS[name] ?? ''} />
      </svg>
    </span>
  );
}

function SectionHeading({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold text-stone-900">
        {title}
      </h2>
      <p className="mt-3 text-stone-600">{text}</p>
    </div>
  );
}

// Each section below the fold carries `content-visibility: auto`: the browser skips its layout and
// paint until it comes near the viewport (a phone renders the first screen only), with a rough
// size kept so the scroll bar does not jump.

export default function LandingSections() {
  const t = useT();
  useEffect(() => {
    // The sections render after first paint, so a #section link followed before that (or a shared
    // /#features address) found no target: scroll to it now that it exists.
    const target = window.location.hash.length > 1 ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
  }, []);

  return (
    <>
      <section
        id="stakeholders"
        aria-labelledby="stakeholders-title"
        className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="stakeholders-title" title={t('stakeholders.title')} text={t('stakeholders.text')} />
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {STAKEHOLDERS.map((id) => (
              <li key={id} className="rounded-xl border border-stone-200 p-6">
                <StakeholderIcon name={STAKEHOLDER_ICONS[id]} />
                <h3 className="mt-3 text-lg font-semibold text-stone-900">{t(`stakeholders.${id}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-600">{t(`stakeholders.${id}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <HotSellers />

      <section
        id="features"
        aria-labelledby="features-title"
        className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="features-title" title={t('features.title')} text={t('features.text')} />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((f) => (
              <li key={f} className="rounded-xl bg-brand-50 p-6">
                <h3 className="text-lg font-semibold text-brand-800">{t(`features.${f}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-700">{t(`features.${f}.text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="how-it-works"
        aria-labelledby="how-title"
        className="bg-stone-50 py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="how-title" title={t('steps.title')} text={t('steps.text')} />
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step} className="rounded-xl bg-white p-6 shadow-sm">
                <span className="grid size-10 place-items-center rounded-full bg-brand-600 font-bold text-white">{i + 1}</span>
                <h3 className="mt-4 font-semibold text-stone-900">{t(`steps.${step}.title`)}</h3>
                <p className="mt-1 text-sm text-stone-600">{t(`steps.${step}.text`)}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="testimonials-title" className="py-16 [content-visibility:auto] [contain-intrinsic-size:auto_40rem]">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="testimonials-title" title={t('testimonials.title')} text={t('testimonials.text')} />
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {TESTIMONIALS.map((person) => (
              <li key={person.id}>
                <figure className="h-full rounded-xl border border-stone-200 p-6">
                  <blockquote className="text-stone-700">“{t(`testimonials.${person.id}.quote`)}”</blockquote>
                  <figcaption className="mt-4 text-sm">
                    <span className="font-semibold text-stone-900">{person.name}</span>
                    <span className="block text-stone-500">{t(`testimonials.${person.id}.role`)}</span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="cta-title"
        className="bg-brand-700 py-14 text-white [content-visibility:auto] [contain-intrinsic-size:auto_40rem]"
      >
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-6 px-4">
          <div>
            <h2 id="cta-title" className="text-2xl font-bold sm:text-3xl">
              {t('cta.title')}
            </h2>
            <p className="mt-2 text-brand-100">{t('cta.text')}</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link
              to="/auth/create-account"
              className="inline-flex min-h-12 items-center rounded-lg bg-white px-6 font-semibold text-brand-800 hover:bg-brand-50"
            >
              {t('cta.create')}
            </Link>
            <Link
              to="/market"
              className="inline-flex min-h-12 items-center rounded-lg border border-white px-6 font-semibold hover:bg-white/10"
            >
              {t('cta.market')}
            </Link>
          </div>
        </div>
      </section>

      <footer id="contact" aria-labelledby="contact-title" className="bg-stone-900 py-12 text-stone-300">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-3">
          <div>
            <p className="text-lg font-bold text-white">ShambaSoko</p>
            <p className="mt-2 text-sm">{t('footer.about')}</p>
          </div>
          <div>
            <h2 id="contact-title" className="font-semibold text-white">
              {t('footer.contact')}
            </h2>
            <address className="mt-2 space-y-1 text-sm not-italic">
              <p>{t('footer.place')}</p>
              <p>
                <a href="tel:+254700000000" className="hover:text-white">
                  +254 700 000 000
                </a>
              </p>
              <p>
                <a href="mailto:hello@shambasoko.co.ke" className="hover:text-white">
                  {EMAIL}
                </a>
              </p>
            </address>
          </div>
          <nav aria-label={t('footer.legal')}>
            <h2 className="font-semibold text-white">{t('footer.legal')}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {LEGAL.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-white">
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className="mx-auto mt-10 max-w-6xl px-4 text-xs text-stone-400">{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </footer>
    </>
  );
}
