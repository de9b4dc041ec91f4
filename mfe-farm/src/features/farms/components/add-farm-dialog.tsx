import { useSession, type Farm } from '@shambasoko/shared';
import { farmDetailsBody, type CreateFarmInput } from '@shambasoko/shared/contracts';
import { TextField } from '@shambasoko/shared/ui';
import { FormDialog } from '../../../components/form-dialog';
import { useContractForm } from '../../../lib/form';
import { useAreaUnit } from '../../../lib/area';
import { enteredHectares } from '../../../lib/format';
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
  const ownerName = useSession((s) => s.user?.displayName ?? '');
  const form = useContractForm<Values, CreateFarmInput>({
    schema: farmDetailsBody,
    labels: { name: 'Farm name', county: 'County', location: 'Place', totalSize: 'Total size', owner: 'Owner', established: 'Established' },
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
      title="Add New Farm"
      submitLabel="Add Farm"
      busyLabel="Adding..."
      mutation={create}
      onSubmit={submit}
    >
      <TextField label="Farm Name" required {...form.field('name')} autoComplete="off" />
      <CountyPlaceFields county={form.field('county')} place={form.field('location')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`Total Size (${unit})`}
          required
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          {...form.field('totalSize')}
        />
        <TextField label="Established" {...form.field('established')} hint="Year, e.g. 2019" />
      </div>
      <TextField label="Owner" required {...form.field('owner')} />
    </FormDialog>
  );
}
