import { forwardRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Rich } from '@shambasoko/shared';
import { Logo, TextField, type TextFieldProps } from '@shambasoko/shared/ui';
import { useT } from '../i18n';

const POINTS = ['layout.point.places', 'layout.point.budgets', 'layout.point.market'] as const;

/** Full-screen frame of every auth page: a brand panel on wide screens, the form card beside it. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex min-h-dvh bg-stone-50">
      <aside className="relative hidden w-[44%] max-w-xl flex-col justify-between overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 p-10 text-white lg:flex">
        <Link to="/" className="text-xl">
          <Logo tileClassName="size-9 rounded-xl ring-2 ring-white/20" />
        </Link>
        <div>
          <p className="text-3xl leading-tight font-bold">
            <Rich text={t('layout.headline')} components={{ br: <br /> }} />
          </p>
          <p className="mt-4 max-w-sm text-brand-100">{t('layout.pitch')}</p>
          <ul className="mt-8 space-y-3 text-sm text-brand-50">
            {POINTS.map((point) => (
              <li key={point} className="flex items-center gap-3">
                <span aria-hidden="true" className="grid size-6 place-items-center rounded-full bg-white/15">
                  ✓
                </span>
                {t(point)}
              </li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-brand-100">{t('layout.stats')}</p>
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full bg-white/5" />
        <div aria-hidden="true" className="pointer-events-none absolute -top-16 right-10 size-48 rounded-full bg-white/5" />
      </aside>
      <main className="flex flex-1 flex-col items-center px-4 py-6 sm:justify-center sm:px-6 sm:py-10">
        <Link to="/" className="mb-6 self-start text-lg text-brand-700 sm:self-center lg:hidden">
          <Logo tileClassName="size-9 rounded-xl" />
        </Link>
        <div className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-stone-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <div className="mt-6 w-full max-w-md text-center text-sm text-stone-600">{footer}</div> : null}
      </main>
    </div>
  );
}

/** "or" between the Google button and the e-mail form. */
export function OrDivider() {
  const t = useT();
  return (
    <div className="my-5 flex items-center gap-3 text-xs font-medium tracking-wide text-stone-500 uppercase">
      <span className="h-px flex-1 bg-stone-200" />
      {t('layout.or')}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

export const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** Links to the terms of use and privacy policy, shown under sign-up forms. */
export function PolicyLinks({ action }: { action: string }) {
  const t = useT();
  return (
    <p className="text-center text-xs leading-relaxed text-stone-500">
      <Rich
        text={t('layout.policies', { action })}
        components={{
          terms: <Link to="/legal/terms-of-use" className={linkClass} />,
          privacy: <Link to="/legal/privacy-policy" className={linkClass} />,
        }}
      />
    </p>
  );
}

/** The e-mail input every auth form starts with. */
export const EmailField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label' | 'type'>>(function EmailField(props, ref) {
  const t = useT();
  return (
    <TextField
      ref={ref}
      label={t('common.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      required
      placeholder={t('common.emailPlaceholder')}
      {...props}
    />
  );
});
