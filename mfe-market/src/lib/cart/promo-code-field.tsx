import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatKES, useMessageText } from '@shambasoko/shared';
import { Button, TextField } from '@shambasoko/shared/ui';
import { useT } from '../i18n-buy';
import { promoQuery, useAppliedPromo } from './api/validate-promo';
import { usePromo } from './promo-store';

/** The applied promo's discount for this subtotal (0 when none or no longer valid) and its state. */
export function usePromoDiscount(subtotal: number) {
  const code = usePromo((s) => s.code);
  const check = useAppliedPromo(code, subtotal);
  return {
    code: check.data ? code : null,
    discount: check.data?.discount ?? 0,
    error: code && check.error ? check.error.message : null,
    checking: check.isFetching,
  };
}

/** Promo code input validated at the server; the applied code is kept for checkout. */
export function PromoCodeField({ subtotal }: { subtotal: number }) {
  const t = useT();
  const messageText = useMessageText();
  const queryClient = useQueryClient();
  const { code: stored, setCode } = usePromo();
  const applied = usePromoDiscount(subtotal);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const code = text.trim().toUpperCase();
    if (!code) {
      setError(t('promo.enter'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await queryClient.fetchQuery(promoQuery({ code, subtotal }));
      setCode(code);
      setText('');
    } catch (e) {
      setError(e instanceof Error ? messageText(e.message) : t('promo.cannotUse'));
    } finally {
      setBusy(false);
    }
  };

  if (stored) {
    return (
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center justify-between gap-2 rounded-lg border border-dashed border-brand-600 bg-brand-50 px-3 py-2 text-sm">
          <span>
            <span className="font-semibold text-brand-800">{stored}</span>
            {applied.code && <span className="text-brand-800"> {t('promo.applied', { amount: formatKES(applied.discount) })}</span>}
          </span>
          <Button variant="ghost" size="sm" onClick={() => setCode(null)}>
            {t('promo.remove')}
          </Button>
        </div>
        {applied.error && (
          <p role="alert" className="text-sm text-red-700">
            {messageText(applied.error)}
          </p>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={apply} noValidate className="flex items-start gap-2">
      <TextField
        label={t('promo.label')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        placeholder={t('promo.placeholder')}
        autoCapitalize="characters"
        error={error}
        containerClassName="flex-1"
      />
      <Button type="submit" variant="secondary" className="mt-[1.625rem]" loading={busy}>
        {t('promo.apply')}
      </Button>
    </form>
  );
}
