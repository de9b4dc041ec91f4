import { useState } from 'react';
import { formatKES, useMessageText } from '@shambasoko/shared';
import type { ManualRefund, ManualRefundState, Reconciliation } from '@shambasoko/contracts';
import { todayInNairobi } from '@shambasoko/contracts/time';
import { DownloadButton, ErrorState, PageHeader } from '@shambasoko/shared/ui';
import { type ReconciliationDates, useReconciliation } from './api/get-reconciliation';
import { useManualRefunds } from './api/get-refunds';
import { useSettleRefund } from './api/settle-refund';
import { AdminOnly } from './components/admin-only';
import { SettleDialog } from './components/settle-dialog';
import { useT } from './i18n';

const PRESETS = ['today', 'yesterday', 'last-7-days', 'this-month'] as const;
type Preset = (typeof PRESETS)[number];

const addDays = (day: string, days: number) => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Nairobi days, as the API counts them. */
export function presetDates(preset: Preset, today: string = todayInNairobi()): ReconciliationDates {
  if (preset === 'yesterday') return { from: addDays(today, -1), to: addDays(today, -1) };
  if (preset === 'last-7-days') return { from: addDays(today, -6), to: today };
  if (preset === 'this-month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: today, to: today };
}

/** Plain numbers, one row a figure, so a spreadsheet sums them (amounts in whole shillings). */
function reconciliationCsv(r: Reconciliation): string {
  const rows: Array<Array<string | number>> = [
    ['Figure', 'Method', 'Payments (KES)', 'Ledger (KES)', 'Difference (KES)'],
    ...r.moneyIn.map((m) => ['Money in', m.method, m.payments, m.ledger, m.difference]),
    ['Payouts out', '', '', r.payoutsOut, ''],
    ['Refunds paid', '', '', r.refundsPaid, ''],
    ['Refunds due', '', '', r.refundsDue, ''],
    ['Held for sellers: pending', '', '', r.heldForSellers.pending, ''],
    ['Held for sellers: available', '', '', r.heldForSellers.available, ''],
    ['Held for sellers: paying out', '', '', r.heldForSellers.paying, ''],
    ['Commission earned', '', '', r.commissionEarned, ''],
    ['Flagged payments', String(r.flaggedPayments.count), r.flaggedPayments.amount, '', ''],
    ['Paybill expected balance', 'mpesa', '', r.paybillExpected, ''],
  ];
  return `\uFEFF${rows.map((cells) => `${cells.join(',')}\r\n`).join('')}`;
}

function Row({ label, value, alert = false }: { label: string; value: string; alert?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-stone-700">{label}</dt>
      <dd className={alert ? 'font-semibold text-red-700' : 'font-semibold text-stone-900'}>{value}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="mb-1 text-base font-semibold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function Figures({ r }: { r: Reconciliation }) {
  const t = useT();
  return (
    <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {r.moneyIn.map((m) => (
        <Card key={m.method} title={t('recon.moneyIn', { method: t(`method.${m.method}`) })}>
          <dl className="divide-y divide-stone-100">
            <Row label={t('recon.payments')} value={formatKES(m.payments)} />
            <Row label={t('recon.ledger')} value={formatKES(m.ledger)} />
            <Row label={t('recon.difference')} value={formatKES(m.difference)} alert={m.difference !== 0} />
          </dl>
        </Card>
      ))}
      <Card title={t('recon.moneyOut')}>
        <dl className="divide-y divide-stone-100">
          <Row label={t('recon.payoutsOut')} value={formatKES(r.payoutsOut)} />
          <Row label={t('recon.refundsPaid')} value={formatKES(r.refundsPaid)} />
        </dl>
      </Card>
      <Card title={t('recon.held')}>
        <dl className="divide-y divide-stone-100">
          <Row label={t('recon.refundsDue')} value={formatKES(r.refundsDue)} />
          <Row label={t('recon.pending')} value={formatKES(r.heldForSellers.pending)} />
          <Row label={t('recon.available')} value={formatKES(r.heldForSellers.available)} />
          <Row label={t('recon.paying')} value={formatKES(r.heldForSellers.paying)} />
          <Row label={t('recon.commission')} value={formatKES(r.commissionEarned)} />
          <Row
            label={t('recon.flagged', { count: r.flaggedPayments.count })}
            value={formatKES(r.flaggedPayments.amount)}
            alert={r.flaggedPayments.count > 0}
          />
          <Row label={t('recon.paybill')} value={formatKES(r.paybillExpected)} />
        </dl>
      </Card>
    </div>
  );
}

/** One refund: due ones offer Settle; settled ones say when, by whom and with which reference. */
function RefundItem({ r, onSettle }: { r: ManualRefund; onSettle?: () => void }) {
  const t = useT();
  const when = new Date(r.since).toLocaleDateString('en-KE');
  return (
    <article
      aria-label={t('refunds.item', { number: r.orderNumber, seller: r.sellerName })}
      className="rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="font-semibold text-stone-900">{r.orderNumber}</h3>
        <p className="font-semibold text-stone-900">{formatKES(r.amount)}</p>
      </div>
      <p className="text-sm text-stone-700">{t('refunds.who', { buyer: r.buyerName, seller: r.sellerName })}</p>
      {onSettle ? (
        <>
          <p className="text-sm text-stone-600">{t('refunds.since', { method: t(`method.${r.method}`), since: when })}</p>
          <div className="mt-3 flex justify-end">
            <button type="button" className="min-h-11 rounded-lg bg-emerald-700 px-4 font-medium text-white" onClick={onSettle}>
              {t('refunds.settle')}
            </button>
          </div>
        </>
      ) : (
        <p className="text-sm text-stone-600">
          {t('refunds.settledBy', {
            method: t(`method.${r.method}`),
            at: when,
            who: r.settledBy ?? t('history.someone'),
            reference: r.reference ?? '',
          })}
        </p>
      )}
    </article>
  );
}

/** Bank and card refunds owed back: paid outside ShambaSoko, then recorded here with the reference. */
function Refunds() {
  const t = useT();
  const messageText = useMessageText();
  const [state, setState] = useState<ManualRefundState>('due');
  const refunds = useManualRefunds(state);
  const settle = useSettleRefund();
  const [chosen, setChosen] = useState<ManualRefund | null>(null);
  const tab = (value: ManualRefundState) => (
    <button
      type="button"
      aria-pressed={state === value}
      className={
        state === value
          ? 'min-h-11 rounded-full border border-emerald-700 bg-emerald-700 px-4 text-sm font-medium text-white'
          : 'min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800'
      }
      onClick={() => setState(value)}
    >
      {t(`refunds.state.${value}`)}
    </button>
  );
  return (
    <section aria-labelledby="refunds-title" className="mt-6">
      <h2 id="refunds-title" className="mb-1 text-lg font-semibold text-stone-900">
        {t('refunds.title')}
      </h2>
      <p className="mb-3 text-sm text-stone-600">{t('refunds.subtitle')}</p>
      <div role="group" aria-label={t('refunds.states')} className="mb-3 flex gap-2">
        {tab('due')}
        {tab('settled')}
      </div>
      {refunds.isPending ? <div aria-busy="true" className="h-24 animate-pulse rounded-xl bg-stone-200" /> : null}
      {refunds.isError ? (
        <ErrorState title={t('refunds.loadError')} message={messageText(refunds.error.message)} onRetry={() => refunds.refetch()} />
      ) : null}
      {refunds.data && refunds.data.items.length === 0 ? <p className="text-stone-600">{t(`refunds.empty.${state}`)}</p> : null}
      {refunds.data && refunds.data.items.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {refunds.data.items.map((r) => (
            <li key={r.fulfilmentId}>
              <RefundItem r={r} onSettle={state === 'due' ? () => setChosen(r) : undefined} />
            </li>
          ))}
        </ul>
      ) : null}
      <SettleDialog
        refund={chosen}
        onClose={() => setChosen(null)}
        onConfirm={(body) => settle.mutateAsync({ fulfilmentId: chosen!.fulfilmentId, ...body })}
      />
    </section>
  );
}

/** /admin/reconciliation: the day's money in against the books, money out, what the books hold. */
function ReconciliationPageContent() {
  const t = useT();
  const messageText = useMessageText();
  const [preset, setPreset] = useState<Preset>('today');
  const dates = presetDates(preset);
  const report = useReconciliation(dates);
  return (
    <main className="mx-auto max-w-5xl p-4 pb-24 sm:p-6">
      <PageHeader title={t('recon.title')} subtitle={t('recon.subtitle')} />
      <div role="group" aria-label={t('recon.range')} className="mb-2 flex flex-wrap gap-2">
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={preset === p}
            className={
              preset === p
                ? 'min-h-11 rounded-full border border-emerald-700 bg-emerald-700 px-4 text-sm font-medium text-white'
                : 'min-h-11 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800'
            }
            onClick={() => setPreset(p)}
          >
            {t(`recon.preset.${p}`)}
          </button>
        ))}
      </div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">{t('recon.showing', { from: dates.from, to: dates.to })}</p>
        {report.data ? (
          <DownloadButton
            fetchFile={async () => new Blob([reconciliationCsv(report.data)], { type: 'text/csv;charset=utf-8' })}
            fileName={`reconciliation-${dates.from}-to-${dates.to}.csv`}
            label={t('recon.csv')}
            busyLabel={t('recon.csvBusy')}
            errorText={(error) => messageText(error instanceof Error ? error.message : String(error))}
          />
        ) : null}
      </div>
      {report.isPending ? <div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-stone-200" /> : null}
      {report.isError ? (
        <ErrorState title={t('recon.loadError')} message={messageText(report.error.message)} onRetry={() => report.refetch()} />
      ) : null}
      {report.data ? <Figures r={report.data} /> : null}
      <Refunds />
    </main>
  );
}

export default function ReconciliationPage() {
  return (
    <AdminOnly>
      <ReconciliationPageContent />
    </AdminOnly>
  );
}
