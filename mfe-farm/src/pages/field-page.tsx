import type { Activity, Cost, Crop, Season } from '@shambasoko/contracts';
import { ApiError, formatKES, PageSpinner } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, ErrorState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../components/page';
import { NotSavedOffline, notSavedOffline } from '../components/not-saved-offline';
import type { FetchStatus } from '@tanstack/react-query';
import { StatusBadge } from '../components/status-badge';
import { errorMessage, formatDate, nameOrUnknown, orDash } from '../lib/format';
import { can, gate } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import { useActivities } from '../features/activities/api/get-activities';
import { useCosts } from '../features/costs/api/get-costs';
import { useCrops } from '../features/crops/api/get-crops';
import { SellHarvestButton } from '../features/crops/components/sell-harvest-button';
import { useSeasons } from '../features/seasons/api/get-seasons';
import { useDeleteField } from '../features/fields/api/delete-field';
import { useField } from '../features/fields/api/get-field';
import { Area } from '../lib/area';
import { useT } from '../lib/i18n';
import { useT as useFieldT } from '../lib/i18n-field';
import { CostFormDialog, CropFormDialog, FieldFormDialog, LogActivityDialog, SeasonFormDialog } from '../components/dialogs';

type Dialog = 'edit' | 'delete' | 'season' | 'crop' | 'activity' | 'cost' | null;

function Section<T>({
  title,
  action,
  query,
  columns,
  empty,
}: {
  title: string;
  action: ReactNode;
  query: { data?: { items: T[] }; isPending: boolean; fetchStatus?: FetchStatus; isError: boolean; error: unknown; refetch: () => unknown };
  columns: DataTableColumn<T>[];
  empty: string;
}) {
  return (
    <Card title={title} flush actions={action}>
      <DataTable
        caption={title}
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(row) => (row as { id: string }).id}
        loading={query.isPending && !notSavedOffline(query)}
        error={query.isError ? errorMessage(query.error) : null}
        onRetry={() => void query.refetch()}
        empty={notSavedOffline(query) ? <NotSavedOffline what="list" /> : <EmptyState title={empty} icon={null} />}
        className="p-3 sm:p-0"
      />
    </Card>
  );
}

/** /farms/:farmId/fields/:fieldId — the field with its seasons, crops, activities and costs. */
export default function FieldPage() {
  const t = useT();
  const tField = useFieldT();
  const { farmId = '', fieldId = '' } = useParams();
  const navigate = useNavigate();
  const field = useField(fieldId);
  const { roleOf } = useFarmRoles();
  const role = roleOf(farmId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteField();
  const scope = { farmId, fieldId, pageSize: 50 };
  const seasons = useSeasons({ ...scope, sort: '-startDate' });
  const crops = useCrops({ ...scope, sort: 'name' });
  const activities = useActivities({ ...scope });
  // The farm's books: asked for and shown only to roles that may see money.
  const money = can(role, 'seeMoney');
  const costs = useCosts({ ...scope, sort: '-date' }, money);

  if (notSavedOffline(field)) {
    return (
      <Page title={tField('field.title')}>
        <NotSavedOffline what="page" />
      </Page>
    );
  }
  if (field.isPending) return <PageSpinner />;
  // A failed refresh keeps the field already shown; one that is gone (404) or never loaded shows the error.
  const gone = field.isError && field.error instanceof ApiError && field.error.status === 404;
  if (field.data === undefined || gone || field.data.farmId !== farmId) {
    const missing = !field.isError || gone;
    return (
      <Page title={tField('field.title')}>
        <ErrorState
          title={missing ? tField('field.notFound') : undefined}
          message={field.isError ? errorMessage(field.error) : tField('field.notOnFarm')}
          onRetry={field.isError ? () => void field.refetch() : undefined}
        />
        <Link to={`/farms/${farmId}`} className="text-center text-sm font-medium text-brand-700 hover:underline">
          {tField('field.back')}
        </Link>
      </Page>
    );
  }
  const f = field.data;
  const details: Array<[string, ReactNode]> = [
    [
      t('common.farm'),
      <Link key="farm" to={`/farms/${f.farmId}`} className="text-brand-700 hover:underline">
        {nameOrUnknown(f.farmName)}
      </Link>,
    ],
    [t('common.size'), <Area key="size" size={f.size} unit={f.unit} />],
    [t('common.cropType'), f.cropType],
    [t('common.plantingDate'), formatDate(f.plantingDate)],
    [t('common.status'), <StatusBadge key="status" status={f.status} />],
    [t('common.location'), orDash(f.location)],
  ];
  const manageFields = gate(role, 'manageFields');

  return (
    <Page
      title={f.name}
      subtitle={`${nameOrUnknown(f.farmName)} · ${f.cropType}`}
      actions={
        <>
          <Button variant="secondary" onClick={() => setDialog('edit')} {...manageFields}>
            {t('common.editField')}
          </Button>
          <Button variant="danger" onClick={() => setDialog('delete')} {...manageFields}>
            {t('common.deleteField')}
          </Button>
        </>
      }
    >
      <Card title={tField('field.details')}>
        <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-3 lg:grid-cols-6">
          {details.map(([label, value]) => (
            <div key={label}>
              <dt className="text-stone-500">{label}</dt>
              <dd className="mt-1 font-medium text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Section<Season>
          title={t('common.seasons')}
          action={
            <Button size="sm" onClick={() => setDialog('season')} {...gate(role, 'manageSeasons')}>
              {t('common.planSeason')}
            </Button>
          }
          query={seasons}
          empty={t('common.noSeasons')}
          columns={[
            { key: 'name', header: t('common.seasonName'), render: (s) => s.name },
            { key: 'crop', header: t('common.cropType'), render: (s) => s.cropType },
            {
              key: 'dates',
              header: tField('field.dates'),
              render: (s) => t('common.dateRange', { start: formatDate(s.startDate), end: formatDate(s.endDate) }),
            },
            { key: 'status', header: t('common.status'), render: (s) => <StatusBadge status={s.status} /> },
          ]}
        />
        <Section<Crop>
          title={t('common.crops')}
          action={
            <Button size="sm" onClick={() => setDialog('crop')} {...gate(role, 'manageCrops')}>
              {t('common.addCrop')}
            </Button>
          }
          query={crops}
          empty={t('common.noCrops')}
          columns={[
            { key: 'name', header: t('common.crop'), render: (c) => c.name },
            { key: 'season', header: t('common.season'), render: (c) => c.seasonName },
            { key: 'area', header: t('common.area'), render: (c) => <Area hectares={c.area} /> },
            { key: 'harvest', header: t('common.expectedHarvest'), render: (c) => formatDate(c.expectedHarvest) },
            { key: 'status', header: t('common.status'), render: (c) => <StatusBadge status={c.status} /> },
            { key: 'sell', header: t('common.market'), render: (c) => <SellHarvestButton crop={c} allowed={gate(role, 'manageCrops')} /> },
          ]}
        />
        <Section<Activity>
          title={t('common.activities')}
          action={
            <Button size="sm" onClick={() => setDialog('activity')} {...gate(role, 'manageActivities')}>
              {t('common.logActivity')}
            </Button>
          }
          query={activities}
          empty={t('common.noActivities')}
          columns={[
            { key: 'name', header: t('common.activity'), render: (a) => a.name },
            { key: 'user', header: t('common.user'), render: (a) => orDash(a.userName) },
            { key: 'due', header: tField('field.due'), render: (a) => formatDate(a.dueDate) },
            { key: 'status', header: t('common.status'), render: (a) => <StatusBadge status={a.status} /> },
          ]}
        />
        {money && (
          <Section<Cost>
            title={t('common.costs')}
            action={
              <Button size="sm" onClick={() => setDialog('cost')} {...gate(role, 'manageCosts')}>
                {t('common.addCost')}
              </Button>
            }
            query={costs}
            empty={tField('field.noCosts')}
            columns={[
              { key: 'date', header: tField('field.date'), render: (c) => formatDate(c.date) },
              { key: 'description', header: t('common.description'), render: (c) => c.description },
              { key: 'category', header: tField('field.category'), render: (c) => c.category },
              { key: 'amount', header: tField('field.amount'), render: (c) => formatKES(c.amount), className: 'text-right tabular-nums' },
            ]}
          />
        )}
      </div>
      {dialog === 'edit' && <FieldFormDialog open field={f} onClose={() => setDialog(null)} />}
      {dialog === 'season' && <SeasonFormDialog open farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'crop' && <CropFormDialog open farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'activity' && <LogActivityDialog farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'cost' && <CostFormDialog initial={{ farmId, fieldId }} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={t('common.deleteField')}
        message={tField('field.deleteMessage', { name: f.name })}
        confirmLabel={t('common.delete')}
        busyLabel={t('common.deleting')}
        danger
        onConfirm={() => remove.mutateAsync(f.id).then(() => navigate(`/farms/${farmId}`, { replace: true }))}
      />
    </Page>
  );
}
