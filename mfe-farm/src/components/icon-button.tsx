import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from '../lib/cx';
import { useT } from '../lib/i18n';
import { EditIcon, EyeIcon, TrashIcon } from './icons';

type Props = Omit<ComponentPropsWithoutRef<'button'>, 'children'> & { label: string; icon: ReactNode; tone?: 'neutral' | 'danger' };

/** A row action: icon only, so the label is its accessible name (and its tooltip). */
export function IconButton({ label, icon, tone = 'neutral', className, title, ...rest }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      {...rest}
      className={cx(
        'inline-flex size-10 items-center justify-center rounded-lg text-lg focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'danger' ? 'text-red-700 hover:bg-red-50' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
        className,
      )}
    >
      {icon}
    </button>
  );
}

function RowActions({ children }: { children: ReactNode }) {
  return <div className="-my-2 flex items-center gap-1">{children}</div>;
}

type ItemActionsProps = {
  /** The row's name, in every button's accessible name ("Edit North Field"). */
  name: string;
  /** Added after the name: "Delete Weeding activity". */
  suffix?: string;
  onView?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  editVerb?: string;
  deleteVerb?: string;
  /** The role gate of edit and delete (permissions.ts gate): disabled with the reason as title. */
  allowed?: { disabled?: boolean; title?: string; 'aria-description'?: string };
};

/** View, edit and delete of one row; an action without a handler is not shown. */
export function ItemActions({ name, suffix = '', onView, onEdit, onDelete, editVerb, deleteVerb, allowed }: ItemActionsProps) {
  const t = useT();
  const named = (verb: string) => t('actions.named', { verb, name: `${name}${suffix}` });
  return (
    <RowActions>
      {onView && <IconButton label={named(t('actions.view'))} icon={<EyeIcon />} onClick={onView} />}
      {onEdit && <IconButton label={named(editVerb ?? t('actions.edit'))} icon={<EditIcon />} onClick={onEdit} {...allowed} />}
      {onDelete && (
        <IconButton label={named(deleteVerb ?? t('common.delete'))} tone="danger" icon={<TrashIcon />} onClick={onDelete} {...allowed} />
      )}
    </RowActions>
  );
}
