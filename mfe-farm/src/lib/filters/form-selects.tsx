import type { FieldValues, Path, PathValue } from 'react-hook-form';
import type { ContractForm } from '../form';
import type { FarmAction } from '../permissions';
import { useFarmRoles } from '../use-farm-roles';
import { CascadingSelects, type CascadingSelectsProps } from './cascading-selects';
import { KEY, NO_CHOICE, type FilterValue } from './filter-state';

export type FormSelectsProps<V extends FieldValues, O> = Omit<
  CascadingSelectsProps,
  'mode' | 'errors' | 'farmDisabled' | 'value' | 'onChange'
> & {
  /** Farms where the caller's role may not do this are greyed out. */
  action: FarmAction;
  /** The dialog's form: the chosen ids are its values (farmId, fieldId, …), their errors its errors. */
  form: ContractForm<V, O>;
};

/** Where a record goes, in a dialog: the cascading selects in form mode, holding their choice in the form. */
export function FormSelects<V extends FieldValues, O>({ action, form, levels, required = ['farm'], ...rest }: FormSelectsProps<V, O>) {
  const { cannot } = useFarmRoles();
  const values = form.watch() as Partial<FilterValue>;
  const value = { ...NO_CHOICE, ...Object.fromEntries(levels.map((level) => [KEY[level], values[KEY[level]] ?? ''])) };
  const onChange = (next: FilterValue) => {
    for (const level of levels) form.setValue(KEY[level] as Path<V>, next[KEY[level]] as PathValue<V, Path<V>>);
    form.clearErrors(levels.map((level) => KEY[level] as Path<V>));
  };
  return (
    <CascadingSelects
      {...rest}
      levels={levels}
      mode="form"
      required={required}
      value={value}
      errors={Object.fromEntries(levels.map((level) => [level, form.errorOf(KEY[level] as Path<V>)]))}
      onChange={onChange}
      farmDisabled={(id) => cannot(id, action)}
    />
  );
}
