import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import { type DisbursementStatusValue, type Payout, type PayoutSettings } from '@shambasoko/contracts';
import type { payoutRequestSchema, payoutSettingsRequestSchema } from '@shambasoko/contracts';
import {
  Badge,
  type BadgeTone,
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  FormError,
  PageHeader,
  StatCard,
  TextField,
} from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { useSellerBalance } from './api/balance';
import { usePayouts } from './api/payouts';
import { useRequestPayout } from './api/request-payout';
import { useSavePayoutSettings } from './api/save-payout-settings';
import { fieldProps } from './components/field-props';
import { LoadingBlock, SavedNotice } from './components/loading-block';
import { SellerMain } from './components/seller-main';
import { useT } from '../../lib/i18n-payouts';
import { useT as useSellT } from '../../lib/i18n-sell';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { lazyResolver, usePrefetchOnIntent } from '../../lib/lazy-resolver';
import { useSmallForm } from '../../lib/small-form';

// The contract's checks (zod and the schema) load on the first tap or key, not with the page.
const payoutRequestChecks = lazyResolver(() => import('./form-checks').then((m) => m.payoutRequestResolver));
const payoutSettingsChecks = lazyResolver(() => import('./form-checks').then((m) => m.payoutSettingsResolver));

type RequestInput = z.input<typeof payoutRequestSchema>;
type RequestOutput = z.output<typeof payoutRequestSchema>;
type SettingsInput = z.input<typeof payoutSettingsRequestSchema>;
type SettingsOutput = z.output<typeof payoutSettingsRequestSchema>;

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: NAIROBI_TIME_ZONE };
const TONE: Record<DisbursementStatusValue, BadgeTone> = { pending: 'warning', sent: 'info', paid: 'success', failed: 'danger' };
/** +254712345678 as people write it: 0712 345 678. */
const localPhone = (phone: string) => `0${phone.slice(4, 7)} ${phone.slice(7, 10)} ${phone.slice(10)}`;

/** /seller/payouts: what the books owe the seller, a payout to M-Pesa, automatic daily payouts, the history. */
export default function PayoutsPage() {
  const t = useT();
  const messageText = useMessageText();
  const balance = useSellerBalance();
  const payouts = usePayouts();
  return (
    <SellerMain>
      <PageHeader title={t('payouts.title')} subtitle={t('payouts.subtitle')} />
      {balance.isError || payouts.isError ? (
        <ErrorState
          title={t('payouts.loadFailed')}
          message={messageText((balance.error ?? payouts.error)!.message)}
          onRetry={() => void Promise.all([balance.refetch(), payouts.refetch()])}
        />
      ) : balance.isPending || payouts.isPending ? (
        <LoadingBlock />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="balance">
            <StatCard label={t('payouts.pending')} value={formatKES(balance.data.pending)} hint={t('payouts.pendingHint')} />
            <StatCard label={t('payouts.available')} value={formatKES(balance.data.available)} hint={t('payouts.availableHint')} />
            <StatCard label={t('payouts.payingOut')} value={formatKES(balance.data.payingOut)} />
            <StatCard label={t('payouts.paidOut')} value={formatKES(balance.data.paidOut)} />
          </div>
          <RequestPayout available={balance.data.available} settings={payouts.data.settings} />
          <Settings settings={payouts.data.settings} />
          <History items={payouts.data.items} />
        </div>
      )}
    </SellerMain>
  );
}

function RequestPayout({ available, settings }: { available: number; settings: PayoutSettings }) {
  const t = useT();
  const messageText = useMessageText();
  const send = useRequestPayout();
  const [asking, setAsking] = useState<{ amount: number; key: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  usePrefetchOnIntent(payoutRequestChecks.prefetch);
  const form = useSmallForm<RequestInput, RequestOutput>({ resolver: payoutRequestChecks.resolver, defaultValues: {} });
  const phone = settings.payoutPhone;

  const open = form.handleSubmit((body) => {
    setDone(null);
    // One key per confirmation: a double click or a retry of the same one is the same payout.
    setAsking({ amount: body.amount ?? available, key: newIdempotencyKey() });
  });
  const confirm = async () => {
    if (!asking) return;
    await send.mutateAsync({ body: { amount: asking.amount }, idempotencyKey: asking.key });
    setDone(t('payouts.requested', { amount: formatKES(asking.amount) }));
    form.reset({});
  };

  return (
    <Card title={t('payouts.request')}>
      <form noValidate onSubmit={(e) => void open(e)} className="flex flex-col gap-3">
        <p className="text-sm text-stone-600">{phone ? t('payouts.goesTo', { phone: localPhone(phone) }) : t('payouts.noPhone')}</p>
        <TextField
          {...fieldProps(form, 'amount', t('payouts.amount'), { setValueAs: (v: string) => (v === '' ? undefined : Number(v)) })}
          type="number"
          inputMode="numeric"
          placeholder={t('payouts.amountAll', { amount: formatKES(available) })}
          hint={t('payouts.limits', { min: formatKES(settings.minKes), limit: formatKES(settings.dailyLimitKes) })}
        />
        <SavedNotice message={done} />
        <FormError message={send.isError && !asking ? messageText(send.error.message) : null} />
        <div>
          <Button type="submit" disabled={!phone || available < settings.minKes}>
            {t('payouts.requestButton')}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={t('payouts.confirmTitle')}
        message={asking && phone ? t('payouts.confirmMessage', { amount: formatKES(asking.amount), phone: localPhone(phone) }) : ''}
        confirmLabel={t('payouts.confirm')}
        busyLabel={t('payouts.sending')}
        onConfirm={async () => {
          try {
            await confirm();
            setAsking(null);
          } catch (error) {
            throw new Error(messageText((error as Error).message));
          }
        }}
      />
    </Card>
  );
}

function Settings({ settings }: { settings: PayoutSettings }) {
  const t = useT();
  const tSell = useSellT();
  const messageText = useMessageText();
  const save = useSavePayoutSettings();
  const [saved, setSaved] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  usePrefetchOnIntent(payoutSettingsChecks.prefetch);
  const form = useSmallForm<SettingsInput, SettingsOutput>({
    resolver: payoutSettingsChecks.resolver,
    defaultValues: { automatic: settings.automatic, phone: settings.phone ? localPhone(settings.phone) : '' },
  });
  useEffect(() => {
    form.reset({ automatic: settings.automatic, phone: settings.phone ? localPhone(settings.phone) : '' });
  }, [settings.automatic, settings.phone, form]);
  const submit = form.handleSubmit(async (body) => {
    setSaved(null);
    setServerError(null);
    try {
      await save.mutateAsync({ automatic: body.automatic, phone: body.phone ?? '' });
      setSaved(t('payouts.settingsSaved'));
    } catch (error) {
      setServerError(messageText((error as Error).message));
    }
  });
  return (
    <Card title={t('payouts.settings')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input type="checkbox" className="mt-0.5 size-5" {...form.register('automatic')} />
          <span>
            <span className="block font-medium">{t('payouts.automatic')}</span>
            <span className="block text-stone-500">{t('payouts.automaticHint')}</span>
          </span>
        </label>
        <TextField
          {...fieldProps(form, 'phone', t('payouts.phone'))}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={t('payouts.phoneHint')}
        />
        <FormError message={serverError} />
        <SavedNotice message={saved} />
        <div>
          <Button type="submit" variant="secondary" loading={save.isPending} loadingText={tSell('seller.saving')}>
            {t('payouts.saveSettings')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function History({ items }: { items: Payout[] }) {
  const t = useT();
  return (
    <Card title={t('payouts.history')}>
      {items.length === 0 ? (
        <EmptyState title={t('payouts.none')} message={t('payouts.noneHint')} />
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('payouts.history')}>
          {items.map((p) => (
            <li key={p.id} className="flex items-start justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="block font-medium tabular-nums text-stone-900">{formatKES(p.amount)}</span>
                <span className="block text-sm text-stone-500">
                  {formatDate(p.createdAt, WHEN)} · {p.phone}
                  {p.automatic ? ` · ${t('payouts.auto')}` : ''}
                </span>
                {p.receipt ? <span className="block text-sm text-stone-500">{t('payouts.receipt', { receipt: p.receipt })}</span> : null}
              </span>
              <Badge tone={TONE[p.status]}>{t(`payouts.status.${p.status}`)}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
