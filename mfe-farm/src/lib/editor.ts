import { t } from './i18n';

/** What a dialog needs of a TanStack mutation: start it, and its state for FormDialog. */
export type SaveMutation<V, R> = {
  mutate: (variables: V, options: { onSuccess: (saved: R) => void }) => void;
  reset: () => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
};

/**
 * An Add/Edit dialog's save: with an item it updates, without one it creates; on success the
 * refusal is cleared and onSaved runs (usually closing the dialog).
 */
export function editorOf<T, C, U, R>(
  item: T | undefined,
  create: SaveMutation<C, R>,
  update: SaveMutation<U, R>,
  onSaved: (saved: R) => void,
) {
  const mutation = item ? update : create;
  const done = {
    onSuccess: (saved: R) => {
      mutation.reset();
      onSaved(saved);
    },
  };
  return {
    /** The mutation in use, for FormDialog's busy state and refusal. */
    mutation,
    save: (add: C, edit: (item: T) => U) => (item ? update.mutate(edit(item), done) : create.mutate(add, done)),
    /** FormDialog's title, button and state: `add` names both when adding; an edit is saved with "Save Changes". */
    dialog: (add: { title: string; submit: string }, editTitle: string) => ({
      title: item ? editTitle : add.title,
      submitLabel: item ? t('common.saveChanges') : add.submit,
      mutation,
    }),
  };
}
