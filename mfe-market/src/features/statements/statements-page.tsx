import { useState } from 'react';
import { formatDate, formatKES, useMessageText } from '@shambasoko/shared';
import type { SellerStatement } from '@shambasoko/contracts';
import { NAIROBI_TIME_ZONE, nairobiWallTime, todayInNairobi } from '@shambasoko/contracts/time';
import { Card, DownloadButton, ErrorState, PageHeader, SelectField, Skeleton } from '@shambasoko/shared/ui';
import { ShareButton } from '../../components/share/share-button';
import { useT } from '../../lib/i18n-statements';
import { downloadStatement, useStatement } from './api/get-statement';

const MONTHS_BACK = 24;

/** This month and the ones before it, newest first, as YYYY-MM. */
export function recentMonths(today: string, count = MONTHS_BACK): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

const monthLabel = (month: string) =>
  formatDate(nairobiWallTime(`${month}-15T12:00`), { month: 'long', year: 'numeric', timeZone: NAIROBI_TIME_ZONE });

function Figures({ statement }: { statement: SellerStatement }) {
  const t = useT();
  const rows: Array<[string, number, boolean?]> = [
    [t('statement.opening'), statement.opening, true],
    [t('statement.sales'), statement.sales],
    [t('statement.commission'), -statement.commission],
    [t('statement.delivery'), statement.delivery],
    [t('statement.refunds'), -statement.refunds],
    [t('statement.payouts'), -statement.payouts],
    ...(statement.adjustments !== 0 ? ([[t('statement.adjustments'), statement.adjustments]] as Array<[string, number]>) : []),
    [t('statement.closing'), statement.closing, true],
  ];
  return (
    <dl className="flex flex-col divide-y divide-stone-200 text-sm" data-testid="statement-figures">
      {rows.map(([label, amount, strong]) => (
        <div key={label} className={`flex justify-between gap-3 py-2 ${strong ? 'font-semibold text-stone-900' : 'text-stone-700'}`}>
          <dt>{label}</dt>
          <dd className="tabular-nums">{formatKES(amount)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ statement }: { statement: SellerStatement }) {
  const t = useT();
  if (statement.lines.length === 0) return <p className="py-4 text-center text-sm text-stone-500">{t('statement.noLines')}</p>;
  return (
    <ul className="divide-y divide-stone-200 text-sm" data-testid="statement-lines">
      {statement.lines.map((line, i) => (
        <li key={`${line.at}-${line.kind}-${i}`} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block font-medium text-stone-900">{t(`statement.line.${line.kind}`)}</span>
            <span className="block text-stone-500">
              {formatDate(line.at, { day: 'numeric', month: 'short', timeZone: NAIROBI_TIME_ZONE })}
              {line.orderNumber ? ` · ${line.orderNumber}` : ''}
            </span>
          </span>
          <span className={`shrink-0 tabular-nums ${line.amount < 0 ? 'text-red-700' : 'text-stone-900'}`}>{formatKES(line.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** /seller/statements: a month's money from the books, as figures and a PDF to save or share. */
export default function StatementsPage() {
  const t = useT();
  const messageText = useMessageText();
  const months = recentMonths(todayInNairobi());
  const [month, setMonth] = useState(months[0]!);
  const statement = useStatement(month);
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-4 pb-24 sm:p-6 sm:pb-24">
      <PageHeader title={t('statement.title')} subtitle={t('statement.subtitle')} />
      <SelectField
        label={t('statement.month')}
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
      />
      <div className="flex flex-wrap gap-2">
        <DownloadButton
          fetchFile={() => downloadStatement(month)}
          fileName={`statement-${month}.pdf`}
          label={t('statement.download')}
          busyLabel={t('statement.downloading')}
          errorText={(error) => messageText(error instanceof Error ? error.message : String(error))}
        />
        <ShareButton request={{ kind: 'statement', month }} title={t('statement.shareTitle', { month: monthLabel(month) })} />
      </div>
      {statement.isPending ? (
        <Skeleton className="h-64" />
      ) : statement.isError ? (
        <ErrorState
          title={t('statement.loadFailed')}
          message={messageText(statement.error.message)}
          onRetry={() => void statement.refetch()}
        />
      ) : (
        <>
          <Card title={monthLabel(month)}>
            <Figures statement={statement.data} />
          </Card>
          <Card title={t('statement.lines')}>
            <Lines statement={statement.data} />
          </Card>
        </>
      )}
    </main>
  );
}
