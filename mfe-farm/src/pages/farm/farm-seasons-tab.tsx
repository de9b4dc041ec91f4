import type { Farm, Season } from '@shambasoko/shared';
import { Button, Card, EmptyState, ErrorState, StaleNotice, StatCard } from '@shambasoko/shared/ui';
import { Spinner } from '@shambasoko/shared';
import { useRowDialogs } from '../../lib/use-list-page';
import { ItemActions } from '../../components/icon-button';
import { ConfirmDelete } from '../../components/list-page';
import { errorMessage, formatDate, nameOrUnknown } from '../../lib/format';
import { gate } from '../../lib/permissions';
import { useDeleteSeason } from '../../features/seasons/api/delete-season';
import { useSeasons } from '../../features/seasons/api/get-seasons';
import { SeasonFormDialog } from '../../features/seasons/components/season-form-dialog';

/** The spec's timeline labels: an upcoming season reads as Planned. */
const LABEL: Record<Season['status'], string> = { active: 'Active', upcoming: 'Planned', completed: 'Completed' };
const DOT: Record<Season['status'], string> = { active: 'bg-brand-600', upcoming: 'bg-sky-500', completed: 'bg-stone-400' };
const ORDER: Season['status'][] = ['active', 'upcoming', 'completed'];

/** Seasons tab: current season, active fields and expected harvest, then the Active/Planned/Completed timeline. */
export function FarmSeasonsTab({ farm }: { farm: Farm }) {
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
          label="Current Season"
          value={current?.name ?? 'None'}
          hint={current ? `${formatDate(current.startDate)} – ${formatDate(current.endDate)}` : next ? `Next: ${next.name}` : undefined}
        />
        <StatCard label="Active Fields" value={farm.fieldsCount} hint={`of ${farm.totalSize} ha`} />
        <StatCard label="Expected Harvest" value={current ? formatDate(current.endDate) : '—'} hint={current?.cropType} />
      </div>
      <Card
        title="Season Timeline"
        actions={
          <Button size="sm" onClick={() => setEditing('new')} {...manage}>
            Plan Season
          </Button>
        }
      >
        {seasons.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading seasons" />
          </div>
        ) : seasons.isError && items.length === 0 ? (
          <ErrorState message={errorMessage(seasons.error)} onRetry={() => void seasons.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState title="No seasons found." message="Plan a season to see it on the timeline." />
        ) : (
          <>
            {seasons.isError && (
              <StaleNotice what="the timeline" message={errorMessage(seasons.error)} onRetry={() => void seasons.refetch()} />
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
                        <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{LABEL[s.status]}</p>
                        <p className="font-medium text-stone-900">{s.name}</p>
                        <p className="text-sm text-stone-600">
                          {s.cropType} · {s.fieldId ? nameOrUnknown(s.fieldName) : 'All fields'} · {formatDate(s.startDate)} –{' '}
                          {formatDate(s.endDate)}
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
        title="Delete Season"
        message={(s) => `Are you sure you want to delete the season ${s.name}?`}
        mutation={remove}
      />
    </div>
  );
}
