import type { FarmAction } from '../permissions';
import { useFarmRoles } from '../use-farm-roles';
import { CascadingSelects, type CascadingSelectsProps } from './cascading-selects';

export type FormSelectsProps = Omit<CascadingSelectsProps, 'mode' | 'errors' | 'farmDisabled'> & {
  /** Farms where the caller's role may not do this are greyed out. */
  action: FarmAction;
  /** The dialog's form (use-form.ts): errors are read from it by level, and cleared when a choice changes. */
  form: { errors: Partial<Record<string, string | undefined>>; clearErrors: (...keys: string[]) => void };
};

/** Where a record goes, in a dialog: the cascading selects in form mode, with the required levels and their errors. */
export function FormSelects({ action, form, onChange, required = ['farm'], ...rest }: FormSelectsProps) {
  const { cannot } = useFarmRoles();
  return (
    <CascadingSelects
      {...rest}
      mode="form"
      required={required}
      errors={form.errors}
      onChange={(v) => {
        onChange(v);
        form.clearErrors(...required);
      }}
      farmDisabled={(id) => cannot(id, action)}
    />
  );
}
