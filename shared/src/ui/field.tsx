import { forwardRef, useId, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from './cx';
import { ChevronDownIcon, EyeIcon, EyeOffIcon } from './icons';
import { MessageText } from './message-text';
import { useUiT } from '@shambasoko/shared';

/** Props every field shares: the visible label, a hint and an error shown under the control. */
export type FieldProps = {
  label: ReactNode;
  /** Help text under the control, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error text under the control in red; when set the control gets aria-invalid. */
  error?: string | null;
  /** Keeps the label for screen readers only (e.g. a search box with a visible placeholder). */
  hideLabel?: boolean;
  /** Classes for the wrapper (the label, control, hint and error). */
  containerClassName?: string;
};

// The controls take a ref (forwardRef), which react-hook-form's register() passes.
export type TextFieldProps = FieldProps & ComponentPropsWithoutRef<'input'>;
export type PasswordFieldProps = FieldProps & Omit<ComponentPropsWithoutRef<'input'>, 'type'>;
export type SelectOption = { value: string; label: string; disabled?: boolean };
export type SelectFieldProps = FieldProps &
  Omit<ComponentPropsWithoutRef<'select'>, 'children'> & {
    options: readonly SelectOption[];
    /** An empty-valued first option, e.g. "Choose a farm". */
    placeholder?: string;
  };
export type TextAreaFieldProps = FieldProps & ComponentPropsWithoutRef<'textarea'>;

// text-base (16px) stops iOS Safari zooming into the page when a control gets focus.
function controlClassName(invalid: boolean, extra?: string) {
  return cx(
    'block w-full min-h-11 rounded-lg border bg-white px-3 text-base text-stone-900 placeholder:text-stone-400',
    'focus:outline-2 focus:outline-offset-0',
    'disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-500',
    invalid
      ? 'border-red-600 focus:border-red-600 focus:outline-red-600/30'
      : 'border-stone-300 focus:border-brand-600 focus:outline-brand-600/30',
    extra,
  );
}

/** Ids and aria attributes tying a control to its hint and error. */
function useFieldA11y(id: string | undefined, props: { hint?: ReactNode; error?: string | null; describedBy?: string; invalid?: unknown }) {
  const autoId = useId();
  const controlId = id ?? `field${autoId}`;
  const hasError = Boolean(props.error);
  const hasHint = props.hint !== undefined && props.hint !== null && props.hint !== false && props.hint !== '';
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy =
    [hasError ? errorId : null, hasHint ? hintId : null, props.describedBy ?? null].filter(Boolean).join(' ') || undefined;
  const invalid = hasError || props.invalid === true || props.invalid === 'true';
  return {
    controlId,
    errorId,
    hintId,
    hasError,
    hasHint,
    invalid,
    controlProps: { id: controlId, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined },
  };
}

type FrameProps = FieldProps & {
  a11y: ReturnType<typeof useFieldA11y>;
  required?: boolean;
  children: ReactNode;
};

function FieldFrame({ label, hint, error, hideLabel, containerClassName, a11y, required, children }: FrameProps) {
  return (
    <div className={cx('flex flex-col gap-1.5', containerClassName)}>
      <label htmlFor={a11y.controlId} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-stone-800'}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {a11y.hasError && (
        <p id={a11y.errorId} className="text-sm text-red-700">
          {typeof error === 'string' ? <MessageText text={error} /> : error}
        </p>
      )}
      {a11y.hasHint && (
        <p id={a11y.hintId} className="text-sm text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
}

/** Splits a field's props into what the frame, the aria wiring and the control each take. */
function useField<
  P extends FieldProps & {
    id?: string;
    className?: string;
    required?: boolean;
    'aria-describedby'?: string;
    'aria-invalid'?: unknown;
  },
>(props: P) {
  const {
    label,
    hint,
    error,
    hideLabel,
    containerClassName,
    className,
    id,
    'aria-describedby': describedBy,
    'aria-invalid': ariaInvalid,
    ...rest
  } = props;
  const a11y = useFieldA11y(id, { hint, error, describedBy, invalid: ariaInvalid });
  const frame = { label, hint, error, hideLabel, containerClassName, a11y, required: rest.required };
  // The aria wiring wins over any id or aria-* the caller passed through.
  return { frame, a11y, className, rest, control: { ...rest, ...a11y.controlProps } };
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const { frame, a11y, className, rest, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} ref={ref} type={rest.type ?? 'text'} className={controlClassName(a11y.invalid, className)} />
    </FieldFrame>
  );
});

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const { frame, a11y, className, rest, control } = useField(props);
  const t = useUiT();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <input
          {...control}
          ref={ref}
          type={visible ? 'text' : 'password'}
          className={controlClassName(a11y.invalid, cx('pr-12', className))}
        />
        <button
          type="button"
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-controls={a11y.controlId}
          disabled={rest.disabled}
          onClick={() => setVisible((v) => !v)}
          className="absolute top-1/2 right-0.5 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-md text-xl text-stone-500 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-50"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField({ options, placeholder, ...props }, ref) {
  const { frame, a11y, className, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <div className="relative">
        <select {...control} ref={ref} className={controlClassName(a11y.invalid, cx('appearance-none pr-10', className))}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-lg text-stone-500" />
      </div>
    </FieldFrame>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(props, ref) {
  const { frame, a11y, className, rest, control } = useField(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} ref={ref} rows={rest.rows ?? 3} className={controlClassName(a11y.invalid, cx('py-2', className))} />
    </FieldFrame>
  );
});
