import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { IconSvg } from '@shambasoko/shared/ui';
import { t, useT } from '../../i18n';

/** The features the menus once linked here, by their `?feature=` name (their names are the catalog's `feature.<name>`). */
const FEATURES = [
  'reports',
  'messages',
  'announcements',
  'accounts',
  'products',
  'suppliers',
  'legacy-reports',
  'integrations',
  'billing',
  'security',
  'preferences',
] as const;
const isFeature = (slug: string): slug is (typeof FEATURES)[number] => (FEATURES as readonly string[]).includes(slug);

/** The feature's name from the address: a known one, else a tidy slug ("co-ops" → "Co ops"), else none. */
export function featureName(slug: string | null): string | null {
  if (!slug) return null;
  if (isFeature(slug)) return t(`feature.${slug}`);
  if (!/^[a-z0-9-]{1,40}$/.test(slug)) return null;
  const words = slug.replace(/-+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : null;
}

export default function ComingSoonPage() {
  const t = useT();
  const [params] = useSearchParams();
  const feature = featureName(params.get('feature'));
  useEffect(() => {
    // After the shell's layout effect has titled the tab with the route's generic title.
    if (feature) document.title = t('soon.documentTitle', { feature });
  }, [feature, t]);
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          {/* A seedling: this part of the app is still growing. */}
          <IconSvg className="size-7">
            <path d="M12 21v-9" />
            <path d="M12 12C12 8 9 6 5 6c0 4 3 6 7 6Z" />
            <path d="M12 10c0-3.5 2.5-6 7-6 0 4-2.5 6-7 6Z" />
          </IconSvg>
        </div>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-stone-900">
          {feature ? t('soon.featureTitle', { feature }) : t('soon.title')}
        </h1>
        <p className="mt-3 text-base leading-7 text-stone-600">{feature ? t('soon.featureText', { feature }) : t('soon.text')}</p>
        <Link
          to="/dashboard"
          className="mt-6 inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">←</span>
          {t('soon.back')}
        </Link>
      </div>
    </div>
  );
}
