import { forwardRef, useId, useRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Button } from '@shambasoko/shared/ui';
import type { SmallForm } from '../../../lib/small-form';
import { cx } from '../../../lib/cx';
import { useT } from '../../../lib/i18n';

export interface StepFormProps<Input extends FieldValues, Output> {
  form: SmallForm<Input, Output>;
  title: string;
  /** Runs with the values once the contract's schema accepts them. */
  onValid(values: Output): void;
  backLabel?: string;
  onBack(): void;
  submitLabel: string;
  children: ReactNode;
}

/** One checkout step: a form checked by its schema, titled by its heading. */
export function StepForm<Input extends FieldValues, Output>({
  form,
  title,
  onValid,
  backLabel,
  onBack,
  submitLabel,
  children,
}: StepFormProps<Input, Output>) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  // Not derived from the title, which changes with the language.
  const headingId = `${useId()}-heading`;
  return (
    <form
      ref={formRef}
      onSubmit={form.handleSubmit(onValid, () => focusFirstInvalid(formRef.current))}
      noValidate
      aria-labelledby={headingId}
      className="flex flex-col gap-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          {backLabel ?? t('common.back')}
        </Button>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </form>
  );
}

/** After a refused step, put the cursor in the first field that needs attention. */
function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    // Centred, so the sticky market header never covers the field.
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}

export interface ChoiceCardProps extends ComponentPropsWithoutRef<'input'> {
  title: string;
  detail: string;
  /** Shown at the end of the card (a price). */
  aside?: ReactNode;
}

/** A radio choice drawn as a card (delivery method, payment method). */
export const ChoiceCard = forwardRef<HTMLInputElement, ChoiceCardProps>(function ChoiceCard(
  { title, detail, aside, checked, ...radio },
  ref,
) {
  return (
    <label
      className={cx(
        'flex items-center gap-3 rounded-lg border p-3',
        radio.disabled
          ? 'cursor-not-allowed border-stone-200 bg-stone-50 text-stone-500'
          : checked
            ? 'cursor-pointer border-brand-600 bg-brand-50'
            : 'cursor-pointer border-stone-300 bg-white hover:border-stone-400',
      )}
    >
      <input type="radio" checked={checked} {...radio} ref={ref} className="size-4 accent-brand-600" />
      <span className="flex-1">
        <span className="block font-medium text-stone-900">{title}</span>
        <span className="block text-sm text-stone-500">{detail}</span>
      </span>
      {aside}
    </label>
  );
});
