import { TextField } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n';

/** A labelled search input; the visible label lines it up with the filter selects beside it. */
export function SearchBox({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  className?: string;
}) {
  const t = useT();
  return (
    <TextField
      label={label}
      type="search"
      placeholder={t('common.searchPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      containerClassName={className}
    />
  );
}
