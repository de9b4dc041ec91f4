import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Choice = { value?: string; label: string; register: UseFormRegisterReturn };

/** A fieldset of radios or checkboxes, each row a full-width tap target (>= 44 px). */
export function ChoiceGroup({
  legend,
  hint,
  type,
  choices,
}: {
  legend: string;
  hint: string;
  type: 'radio' | 'checkbox';
  choices: Choice[];
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId}>
      <legend className="text-base font-semibold text-stone-900">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {hint}
      </p>
      <div className="mt-3 divide-y divide-stone-100 rounded-lg border border-stone-200">
        {choices.map((c) => (
          <label key={c.label} className="flex min-h-12 cursor-pointer items-center gap-3 px-3 text-sm text-stone-800 hover:bg-stone-50">
            <input type={type} value={c.value} {...c.register} className="size-5 accent-brand-600" />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
