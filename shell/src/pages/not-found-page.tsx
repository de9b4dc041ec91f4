import { Link } from 'react-router-dom';
import { isSignedIn, useSession } from '@shambasoko/shared';
import { useDocumentTitle } from '../lib/page-meta';
import { useT } from '../lib/i18n-rare';

const primary = 'inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700';
const secondary =
  'inline-flex min-h-11 items-center rounded-lg border border-stone-300 px-4 text-sm font-medium text-stone-800 hover:bg-stone-100';

export function NotFoundPage() {
  const t = useT();
  const signedIn = useSession(isSignedIn);
  useDocumentTitle(t('notFound.title'));
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center p-6 text-center">
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold text-stone-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-stone-600">{t('notFound.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {signedIn ? (
          <Link to="/dashboard" className={primary}>
            {t('notFound.dashboard')}
          </Link>
        ) : (
          <Link to="/" className={primary}>
            {t('notFound.home')}
          </Link>
        )}
        <Link to="/market" className={secondary}>
          {t('notFound.market')}
        </Link>
      </div>
    </main>
  );
}
