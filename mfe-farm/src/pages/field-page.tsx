import { ApiError, formatKES, PageSpinner, type Activity, type Cost, type Crop, type Season } from '@shambasoko/shared';
import { Button, Card, ConfirmDialog, DataTable, EmptyState, ErrorState, type DataTableColumn } from '@shambasoko/shared/ui';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Page } from '../components/page';
import { StatusBadge } from '../components/status-badge';
import { errorMessage, formatDate, nameOrUnknown, orDash } from '../lib/format';
import { gate } from '../lib/permissions';
import { useFarmRoles } from '../lib/use-farm-roles';
import { useActivities } from '../features/activities/api/get-activities';
import { LogActivityDialog } from '../features/activities/components/log-activity-dialog';
import { useCosts } from '../features/costs/api/get-costs';
import { CostFormDialog } from '../features/costs/components/cost-form-dialog';
import { useCrops } from '../features/crops/api/get-crops';
import { CropFormDialog } from '../features/crops/components/crop-form-dialog';
import { SellHarvestButton } from '../features/crops/components/sell-harvest-dialog';
import { useSeasons } from '../features/seasons/api/get-seasons';
import { SeasonFormDialog } from '../features/seasons/components/season-form-dialog';
import { useDeleteField } from '../features/fields/api/delete-field';
import { useField } from '../features/fields/api/get-field';
import { FieldFormDialog } from '../features/fields/components/field-form-dialog';
import { Area } from '../lib/area';

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
  query: { data?: { items: T[] }; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
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
        loading={query.isPending}
        error={query.isError ? errorMessage(query.error) : null}
        onRetry={() => void query.refetch()}
        empty={<EmptyState title={empty} icon={null} />}
        className="p-3 sm:p-0"
      />
    </Card>
  );
}

/** /farms/:farmId/fields/:fieldId — the field with its seasons, crops, activities and costs. */
export default function FieldPage() {
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
  const costs = useCosts({ ...scope, sort: '-date' });

  if (field.isPending) return <PageSpinner />;
  // A failed refresh keeps the field already shown; one that is gone (404) or never loaded shows the error.
  const gone = field.isError && field.error instanceof ApiError && field.error.status === 404;
  if (field.data === undefined || gone || field.data.farmId !== farmId) {
    const missing = !field.isError || gone;
    return (
      <Page title="Field">
        <ErrorState
          title={missing ? 'Field not found' : undefined}
          message={field.isError ? errorMessage(field.error) : 'This field is not on this farm.'}
          onRetry={field.isError ? () => void field.refetch() : undefined}
        />
        <Link to={`/farms/${farmId}`} className="text-center text-sm font-medium text-brand-700 hover:underline">
          Back to the farm
        </Link>
      </Page>
    );
  }
  const f = field.data;
  const details: Array<[string, ReactNode]> = [
    [
      'Farm',
      <Link key="farm" to={`/farms/${f.farmId}`} className="text-brand-700 hover:underline">
        {nameOrUnknown(f.farmName)}
      </Link>,
    ],
    ['Size', <Area key="size" size={f.size} unit={f.unit} />],
    ['Crop Type', f.cropType],
    ['Planting Date', formatDate(f.plantingDate)],
    ['Status', <StatusBadge key="status" status={f.status} />],
    ['Location', orDash(f.location)],
  ];
  const manageFields = gate(role, 'manageFields');

  return (
    <Page
      title={f.name}
      subtitle={`${nameOrUnknown(f.farmName)} · ${f.cropType}`}
      actions={
        <>
          <Button variant="secondary" onClick={() => setDialog('edit')} {...manageFields}>
            Edit Field
          </Button>
          <Button variant="danger" onClick={() => setDialog('delete')} {...manageFields}>
            Delete Field
          </Button>
        </>
      }
    >
      <Card title="Field Details">
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
          title="Seasons"
          action={
            <Button size="sm" onClick={() => setDialog('season')} {...gate(role, 'manageSeasons')}>
              Plan Season
            </Button>
          }
          query={seasons}
          empty="No seasons found."
          columns={[
            { key: 'name', header: 'Season Name', render: (s) => s.name },
            { key: 'crop', header: 'Crop Type', render: (s) => s.cropType },
            { key: 'dates', header: 'Dates', render: (s) => `${formatDate(s.startDate)} – ${formatDate(s.endDate)}` },
            { key: 'status', header: 'Status', render: (s) => <StatusBadge status={s.status} /> },
          ]}
        />
        <Section<Crop>
          title="Crops"
          action={
            <Button size="sm" onClick={() => setDialog('crop')} {...gate(role, 'manageCrops')}>
              Add Crop
            </Button>
          }
          query={crops}
          empty="No crops found."
          columns={[
            { key: 'name', header: 'Crop', render: (c) => c.name },
            { key: 'season', header: 'Season', render: (c) => c.seasonName },
            { key: 'area', header: 'Area', render: (c) => <Area hectares={c.area} /> },
            { key: 'harvest', header: 'Expected Harvest', render: (c) => formatDate(c.expectedHarvest) },
            { key: 'status', header: 'Status', render: (c) => <StatusBadge status={c.status} /> },
            { key: 'sell', header: 'Market', render: (c) => <SellHarvestButton crop={c} allowed={gate(role, 'manageCrops')} /> },
          ]}
        />
        <Section<Activity>
          title="Activities"
          action={
            <Button size="sm" onClick={() => setDialog('activity')} {...gate(role, 'manageActivities')}>
              Log Activity
            </Button>
          }
          query={activities}
          empty="No activities found."
          columns={[
            { key: 'name', header: 'Activity', render: (a) => a.name },
            { key: 'user', header: 'User', render: (a) => orDash(a.userName) },
            { key: 'due', header: 'Due', render: (a) => formatDate(a.dueDate) },
            { key: 'status', header: 'Status', render: (a) => <StatusBadge status={a.status} /> },
          ]}
        />
        <Section<Cost>
          title="Costs"
          action={
            <Button size="sm" onClick={() => setDialog('cost')} {...gate(role, 'manageCosts')}>
              Add Cost
            </Button>
          }
          query={costs}
          empty="No costs found."
          columns={[
            { key: 'date', header: 'Date', render: (c) => formatDate(c.date) },
            { key: 'description', header: 'Description', render: (c) => c.description },
            { key: 'category', header: 'Category', render: (c) => c.category },
            { key: 'amount', header: 'Amount', render: (c) => formatKES(c.amount), className: 'text-right tabular-nums' },
          ]}
        />
      </div>
      {dialog === 'edit' && <FieldFormDialog open field={f} onClose={() => setDialog(null)} />}
      {dialog === 'season' && <SeasonFormDialog open farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'crop' && <CropFormDialog open farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'activity' && <LogActivityDialog farmId={farmId} fieldId={fieldId} onClose={() => setDialog(null)} />}
      {dialog === 'cost' && <CostFormDialog initial={{ farmId, fieldId }} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title="Delete Field"
        message={`Are you sure you want to delete ${f.name}? Its seasons, crops, activities and costs go with it.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        danger
        onConfirm={() => remove.mutateAsync(f.id).then(() => navigate(`/farms/${farmId}`, { replace: true }))}
      />
    </Page>
  );
}
