import { CheckIcon } from '../../../components/check-icon';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n-checkout';

const CHECKOUT_STEPS = ['steps.shipping', 'steps.payment', 'steps.review'] as const;

export function StepIndicator({ current }: { current: number }) {
  const t = useT();
  return (
    <ol aria-label={t('steps.label')} className="mb-6 flex items-center gap-2 sm:gap-4">
      {CHECKOUT_STEPS.map((key, i) => {
        const label = t(key);
        const done = i < current;
        const active = i === current;
        return (
          <li key={key} aria-current={active ? 'step' : undefined} className="flex flex-1 items-center gap-2 last:flex-none sm:gap-3">
            <span
              className={cx(
                'grid size-8 shrink-0 place-items-center rounded-full text-sm font-semibold',
                done && 'bg-brand-600 text-white',
                active && 'bg-brand-600 text-white ring-4 ring-brand-100',
                !done && !active && 'bg-stone-200 text-stone-600',
              )}
            >
              {done ? <CheckIcon aria-hidden="true" /> : i + 1}
            </span>
            <span className={cx('text-sm font-medium', active ? 'text-stone-900' : 'text-stone-500', !active && 'max-sm:sr-only')}>
              {label}
              {done && <span className="sr-only"> {t('steps.completed')}</span>}
            </span>
            {i < CHECKOUT_STEPS.length - 1 && (
              <span aria-hidden="true" className={cx('h-0.5 flex-1 rounded', done ? 'bg-brand-600' : 'bg-stone-200')} />
            )}
          </li>
        );
      })}
    </ol>
  );
}
