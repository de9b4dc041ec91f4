import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Rich } from '@shambasoko/shared';
import { useT } from '../../i18n';
import { LEGAL_CONTACT, LEGAL_PAGES, type LegalDocument } from './legal-document';

// Section bodies are plain paragraphs and lists; style them here so the policy texts stay markup-light.
const prose =
  'space-y-4 text-base leading-7 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-800 [&_h3]:pt-2 [&_h3]:font-semibold [&_h3]:text-stone-900 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:font-semibold [&_strong]:text-stone-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * Pages load lazily, so on a deep link such as /legal/data-policy#data-retention the browser looks
 * for the anchor before the section exists. Scroll to it once the page has rendered.
 */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function LegalPage({ policy }: { policy: LegalDocument }) {
  useScrollToHash();
  const t = useT();

  return (
    <div className="min-h-screen bg-stone-50 text-stone-700">
      {policy.showNavigation && (
        <header className="border-b border-stone-200 bg-white">
          <nav aria-label={t('page.nav')} className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
            <Link
              to="/"
              className={`inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 hover:text-stone-900 ${focusRing}`}
            >
              <span aria-hidden="true">←</span>
              {t('page.backHome')}
            </Link>
            <Link
              to="/auth/get-started"
              className={`inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 ${focusRing}`}
            >
              {t('page.signIn')}
            </Link>
          </nav>
        </header>
      )}

      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <article aria-labelledby="legal-title">
          <header className="border-b border-stone-200 pb-8">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('page.kicker')}</p>
            <h1 id="legal-title" className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
              {policy.title}
            </h1>
            <p className="mt-3 text-sm text-stone-500">
              <Rich
                text={t('page.lastUpdated', { date: t('page.lastUpdatedDate') })}
                components={{ time: <time dateTime={policy.lastUpdated} /> }}
              />
            </p>
            <div className={`mt-6 ${prose}`}>{policy.intro}</div>
          </header>

          <nav aria-labelledby="table-of-contents" className="mt-8 rounded-xl border border-stone-200 bg-white p-5 sm:p-6">
            {/* Not a heading: the numbered sections are the page's only second-level headings. */}
            <p id="table-of-contents" className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
              {t('page.contents')}
            </p>
            <ol className="mt-3 space-y-1 text-base leading-7">
              {policy.sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className={`-mx-2 flex gap-2 rounded-md px-2 py-1 text-brand-700 hover:bg-brand-50 hover:text-brand-800 ${focusRing}`}
                  >
                    <span className="tabular-nums">{index + 1}.</span>
                    <span>{section.title}</span>
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          {policy.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12 scroll-mt-6">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-stone-900 sm:text-2xl">
                <span className="text-brand-700 tabular-nums">{index + 1}.</span> {section.title}
              </h2>
              <div className={`mt-4 ${prose}`}>{section.body}</div>
            </section>
          ))}
        </article>
      </main>

      <footer className="border-t border-stone-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
          <nav aria-label={t('page.documents')}>
            <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
              {LEGAL_PAGES.map((page) => {
                const current = page.path === policy.path;
                return (
                  <li key={page.path}>
                    <Link
                      to={page.path}
                      aria-current={current ? 'page' : undefined}
                      className={`rounded-sm ${focusRing} ${
                        current ? 'font-semibold text-stone-900' : 'text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline'
                      }`}
                    >
                      {t(page.label)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="mt-4 text-sm leading-6 text-stone-500">
            <Rich
              text={t('page.questions', { legalEmail: LEGAL_CONTACT.email })}
              components={{
                mail: (
                  <a
                    href={`mailto:${LEGAL_CONTACT.email}`}
                    className={`rounded-sm text-brand-700 underline underline-offset-2 ${focusRing}`}
                  />
                ),
              }}
            />
          </p>
        </div>
      </footer>
    </div>
  );
}
