import type { Season } from '@shambasoko/contracts';
import { createSeasonBody, updateSeasonBody, type CreateSeasonInput } from '@shambasoko/contracts';
import { SelectField, TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { SEASON_STATUSES, options } from '../../../lib/constants';
import { statusLabel, useT } from '../../../lib/i18n';
import { useT as useFormT } from '../../../lib/i18n-forms';
import { editorOf } from '../../../lib/editor';
import { inOrder, maybePicked, picked, useContractForm } from '../../../lib/form';
import { FormSelects } from '../../../lib/filters/form-selects';
import { useCreateSeason } from '../api/create-season';
import { useUpdateSeason } from '../api/update-season';

type Values = { farmId: string; fieldId: string; name: string; cropType: string; startDate: string; endDate: string; status: string };

const endAfterStart = inOrder('startDate', 'endDate', 'must be on or after the start date');
const addSchema = createSeasonBody.extend({ farmId: picked(), fieldId: maybePicked() }).superRefine(endAfterStart);
const editSchema = updateSeasonBody.extend({ fieldId: maybePicked() }).superRefine(endAfterStart);

export type SeasonFormDialogProps = {
  open: boolean;
  onClose: () => void;
  farmId?: string;
  fieldId?: string;
  season?: Season;
};

/** Plan a Season / Edit Season: farm, name, crop type and dates required; a field is optional (farm-wide season). */
export function SeasonFormDialog({ open, onClose, farmId, fieldId, season }: SeasonFormDialogProps) {
  const t = useT();
  const formT = useFormT();
  const form = useContractForm<Values, CreateSeasonInput>({
    schema: season ? editSchema : addSchema,
    labels: {
      name: formT('seasons.form.nameError'),
      cropType: formT('fields.form.cropTypeError'),
      startDate: formT('seasons.form.startError'),
      endDate: formT('seasons.form.endError'),
    },
    defaultValues: {
      farmId: season?.farmId ?? farmId ?? '',
      fieldId: season?.fieldId ?? fieldId ?? '',
      name: season?.name ?? '',
      cropType: season?.cropType ?? '',
      startDate: season?.startDate ?? '',
      endDate: season?.endDate ?? '',
      status: season?.status ?? 'upcoming',
    },
  });
  const { dialog, save } = editorOf(season, useCreateSeason(), useUpdateSeason(), onClose);
  const submit = form.handleSubmit(({ farmId: chosen, ...body }) => save({ farmId: chosen, ...body }, (s) => ({ id: s.id, input: body })));

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      {...dialog({ title: formT('seasons.form.add'), submit: t('common.planSeason') }, formT('seasons.form.edit'))}
      onSubmit={submit}
    >
      <FormSelects
        idPrefix="season-form"
        levels={['farm', 'field']}
        locked={season || farmId ? ['farm'] : []}
        labels={{ field: formT('seasons.form.fieldOptional') }}
        action="manageSeasons"
        columnsClassName="sm:grid-cols-2"
        form={form}
      />
      <TextField label={t('common.seasonName')} required {...form.field('name')} placeholder={formT('seasons.form.namePlaceholder')} />
      <TextField label={t('common.cropType')} required {...form.field('cropType')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('common.startDate')} required type="date" {...form.field('startDate')} />
        <TextField label={t('common.endDate')} required type="date" {...form.field('endDate')} />
      </div>
      <SelectField label={t('common.status')} {...form.field('status')} options={options(SEASON_STATUSES, statusLabel)} />
    </FormDialog>
  );
}
