import type { Farm, Season } from '@shambasoko/contracts';
import { Button, Card, EmptyState, ErrorState, StaleNotice, StatCard } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { useRowDialogs } from '../../lib/use-list-page';
import { ItemActions } from '../../components/icon-button';
import { ConfirmDelete } from '../../components/list-table';
import { NotSavedOffline, notSavedOffline } from '../../components/not-saved-offline';
import { errorMessage, formatArea, formatDate, nameOrUnknown } from '../../lib/format';
import { useAreaUnit } from '../../lib/area';
import { gate } from '../../lib/permissions';
import { useDeleteSeason } from '../../features/seasons/api/delete-season';
import { useSeasons } from '../../features/seasons/api/get-seasons';
import { statusLabel, useT } from '../../lib/i18n';
import { useT as usePageT } from '../../lib/i18n-farm-page';
import { SeasonFormDialog } from '../../components/dialogs';

/** The spec's timeline labels: an upcoming season reads as Planned. */
const LABEL: Record<Season['status'], string> = { active: 'active', upcoming: 'planned', completed: 'completed' };
const DOT: Record<Season['status'], string> = { active: 'bg-brand-600', upcoming: 'bg-sky-500', completed: 'bg-stone-400' };
const ORDER: Season['status'][] = ['active', 'upcoming', 'completed'];

/** Seasons tab: current season, active fields and expected harvest, then the Active/Planned/Completed timeline. */
export function FarmSeasonsTab({ farm }: { farm: Farm }) {
  const t = useT();
  const tPage = usePageT();
  const unit = useAreaUnit();
  const seasons = useSeasons({ farmId: farm.id, pageSize: 100, sort: 'startDate' });
  const { editing, edited, setEditing, closeEditor, removing, setRemoving } = useRowDialogs<Season>();
  const remove = useDeleteSeason();
  const manage = gate(farm.myRole, 'manageSeasons');
  const items = seasons.data?.items ?? [];
  const current = items.find((s) => s.status === 'active');
  const next = items.filter((s) => s.status === 'upcoming').sort((a, b) => a.startDate.localeCompare(b.startDate))[0];

  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <StatCard
          label={tPage('farm.seasons.current')}
          value={current?.name ?? tPage('farm.seasons.none')}
          hint={
            current
              ? t('common.dateRange', { start: formatDate(current.startDate), end: formatDate(current.endDate) })
              : next
                ? tPage('farm.seasons.next', { name: next.name })
                : undefined
          }
        />
        <StatCard
          label={tPage('farm.seasons.activeFields')}
          value={farm.fieldsCount}
          hint={tPage('farm.seasons.ofSize', { size: formatArea(farm.totalSize, unit) })}
        />
        <StatCard label={t('common.expectedHarvest')} value={current ? formatDate(current.endDate) : '—'} hint={current?.cropType} />
      </div>
      <Card
        title={tPage('farm.seasons.timeline')}
        actions={
          <Button size="sm" onClick={() => setEditing('new')} {...manage}>
            {t('common.planSeason')}
          </Button>
        }
      >
        {notSavedOffline(seasons) ? (
          <NotSavedOffline what="list" />
        ) : seasons.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label={tPage('farm.seasons.loading')} />
          </div>
        ) : seasons.isError && items.length === 0 ? (
          <ErrorState message={errorMessage(seasons.error)} onRetry={() => void seasons.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title={t('common.noSeasons')} message={tPage('farm.seasons.emptyHint')} />
        ) : (
          <>
            {seasons.isError && (
              <StaleNotice
                what={tPage('farm.seasons.staleWhat')}
                message={errorMessage(seasons.error)}
                onRetry={() => void seasons.refetch()}
              />
            )}
            <ol className="relative flex flex-col gap-4 border-l-2 border-stone-200 pl-6">
              {[...items]
                .sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status) || a.startDate.localeCompare(b.startDate))
                .map((s) => (
                  <li key={s.id} className="relative">
                    <span
                      aria-hidden="true"
                      className={`absolute top-1.5 -left-[31px] size-3.5 rounded-full ring-4 ring-white ${DOT[s.status]}`}
                    />
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div>
                        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{statusLabel(LABEL[s.status])}</p>
                        <p className="font-medium text-stone-900">{s.name}</p>
                        <p className="text-sm text-stone-600">
                          {s.cropType} · {s.fieldId ? nameOrUnknown(s.fieldName) : tPage('farm.seasons.allFields')} ·{' '}
                          {formatDate(s.startDate)} – {formatDate(s.endDate)}
                        </p>
                      </div>
                      <ItemActions name={s.name} onEdit={() => setEditing(s)} onDelete={() => setRemoving(s)} allowed={manage} />
                    </div>
                  </li>
                ))}
            </ol>
          </>
        )}
      </Card>
      {editing && <SeasonFormDialog open farmId={farm.id} season={edited} onClose={closeEditor} />}
      <ConfirmDelete
        item={removing}
        onClose={() => setRemoving(null)}
        title={t('common.deleteSeason')}
        message={(s) => tPage('farm.seasons.deleteMessage', { name: s.name })}
        mutation={remove}
      />
    </div>
  );
}
