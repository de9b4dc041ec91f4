import { useEffect, useState } from 'react';
import { clampQuantity } from '../lib/cart/cart-lines';
import { useT } from '../lib/i18n-buy';
import { MinusIcon, PlusIcon } from './icons';

export interface QuantitySelectorProps {
  value: number;
  /** Highest allowed quantity (the stock). */
  max: number;
  onChange(quantity: number): void;
  /** Names the control, e.g. "Quantity of Certified Maize Seed". */
  label: string;
  disabled?: boolean;
}

/** − [n] + kept within 1..max; typing is accepted and clamped when it settles. */
export function QuantitySelector({ value, max, onChange, label, disabled = false }: QuantitySelectorProps) {
  const t = useT();
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);

  const commit = (raw: string) => {
    const next = clampQuantity(Number.parseInt(raw, 10), max);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  const buttonClass =
    'inline-flex size-10 items-center justify-center text-stone-700 hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <div role="group" aria-label={label} className="inline-flex items-center rounded-lg border border-stone-300 bg-white">
      <button
        type="button"
        aria-label={t('quantity.decrease')}
        className={`${buttonClass} rounded-l-lg`}
        disabled={disabled || value <= 1}
        onClick={() => onChange(clampQuantity(value - 1, max))}
      >
        <MinusIcon />
      </button>
      <input
        aria-label={t('quantity.label')}
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
        }}
        className="h-10 w-12 border-x border-stone-300 text-center text-base tabular-nums focus:outline-2 focus:outline-brand-600"
      />
      <button
        type="button"
        aria-label={t('quantity.increase')}

        className={`${buttonClass} rounded-r-lg`}
        disabled={disabled || value >= max}
        onClick={() => onChange(clampQuantity(value + 1, max))}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
