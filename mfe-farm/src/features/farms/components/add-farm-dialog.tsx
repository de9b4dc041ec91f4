import { useSession, type Farm } from '@shambasoko/shared';
import { TextField } from '@shambasoko/shared/ui';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { errorMessage } from '../../../lib/format';
import { hasErrors, parseNumber, requireFields, type FieldErrors } from '../../../lib/validate';
import { useCreateFarm } from '../api/create-farm';

type Values = { name: string; location: string; totalSize: string; owner: string; established: string };
type Key = keyof Values;

const blank = (owner: string): Values => ({
  name: '', location: '', totalSize: '', owner, established: String(new Date().getFullYear()),
});

/** Add New Farm (spec sections 2 and 5): name, location, totalSize and owner required; established defaults to this year. */
export function AddFarmDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (farm: Farm) => void }) {
  const ownerName = useSession((s) => s.user?.displayName ?? '');
  const [values, setValues] = useState<Values>(() => blank(ownerName));
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const create = useCreateFarm();
  const set = (key: Key) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors((er) => ({ ...er, [key]: undefined }));
  };

  function submit() {
    const found = requireFields(values, { name: 'Farm name', location: 'Location', totalSize: 'Total size', owner: 'Owner' });
    const size = parseNumber(values.totalSize);
    if (!found.totalSize && (size === null || size <= 0)) found.totalSize = 'Total size must be a number above 0.';
    setErrors(found);
    if (hasErrors(found) || size === null) return;
    create.mutate(
      {
        name: values.name.trim(),
        location: values.location.trim(),
        totalSize: size,
        owner: values.owner.trim(),
        established: values.established.trim() || undefined,
      },
      {
        onSuccess: (farm) => {
          setValues(blank(ownerName));
          create.reset();
          onCreated?.(farm);
          onClose();
        },
      },
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={() => {
        create.reset();
        onClose();
      }}
      title="Add New Farm"
      submitLabel="Add Farm"
      busyLabel="Adding..."
      busy={create.isPending}
      error={create.isError ? errorMessage(create.error) : null}
      onSubmit={submit}
    >
      <TextField label="Farm Name" required value={values.name} onChange={set('name')} error={errors.name} autoComplete="off" />
      <TextField label="Location" required value={values.location} onChange={set('location')} error={errors.location} placeholder="e.g. Nakuru County" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Total Size (hectares)" required type="number" inputMode="decimal" min={0} step="0.01" value={values.totalSize} onChange={set('totalSize')} error={errors.totalSize} />
        <TextField label="Established" value={values.established} onChange={set('established')} hint="Year, e.g. 2019" />
      </div>
      <TextField label="Owner" required value={values.owner} onChange={set('owner')} error={errors.owner} />
    </FormDialog>
  );
}
