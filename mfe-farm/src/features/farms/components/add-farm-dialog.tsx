import type { Farm } from '@shambasoko/contracts';
import { useSession } from '@shambasoko/shared';
import { farmDetailsBody, type CreateFarmInput } from '@shambasoko/contracts';
import { TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/form';
import { useAreaUnit } from '../../../lib/area';
import { enteredHectares } from '../../../lib/format';
import { unitName, useT } from '../../../lib/i18n';
import { useT as useFarmsT } from '../../../lib/i18n-farms';
import { useCreateFarm } from '../api/create-farm';
import { CountyPlaceFields } from './county-place-fields';

type Values = { name: string; county: string; location: string; totalSize: string; owner: string; established: string };

const blank = (owner: string): Values => ({
  name: '',
  county: '',
  location: '',
  totalSize: '',
  owner,
  established: String(new Date().getFullYear()),
});

/** Add New Farm: name, county, totalSize and owner required (the place is optional); established defaults to this year. */
export function AddFarmDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (farm: Farm) => void }) {
  const t = useT();
  const tFarms = useFarmsT();
  const ownerName = useSession((s) => s.user?.displayName ?? '');
  const form = useContractForm<Values, CreateFarmInput>({
    schema: farmDetailsBody,
    labels: {
      name: tFarms('farms.form.nameError'),
      county: tFarms('farms.form.county'),
      location: tFarms('farms.form.place'),
      totalSize: tFarms('farms.form.totalSizeError'),
      owner: t('common.owner'),
      established: tFarms('farms.established'),
    },
    numbers: ['totalSize'],
    defaultValues: blank(ownerName),
  });
  const create = useCreateFarm();
  const unit = useAreaUnit();

  const submit = form.handleSubmit((input) =>
    create.mutate(
      { ...input, totalSize: enteredHectares(input.totalSize, unit) },
      {
        onSuccess: (farm) => {
          form.reset(blank(ownerName));
          create.reset();
          onCreated?.(farm);
          onClose();
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={tFarms('farms.addNew')}
      submitLabel={tFarms('farms.add')}
      busyLabel={tFarms('farms.adding')}
      mutation={create}
      onSubmit={submit}
    >
      <TextField label={tFarms('farms.name')} required {...form.field('name')} autoComplete="off" />
      <CountyPlaceFields county={form.field('county')} place={form.field('location')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={tFarms('farms.form.totalSize', { unit: unitName(unit) })}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.field('totalSize')}
        />
        <TextField label={tFarms('farms.established')} {...form.field('established')} hint={tFarms('farms.form.establishedHint')} />
      </div>
      <TextField label={t('common.owner')} required {...form.field('owner')} />
    </FormDialog>
  );
}
