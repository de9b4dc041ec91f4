import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '@shambasoko/shared';
import { ErrorState } from './error-state';
import { usePortalRoot } from './portal-root';
import type { ConfirmDialogProps, DialogProps } from './dialog-code';

export type { ConfirmDialogProps, DialogProps, DialogSize } from './dialog-code';

/*
 * Dialog and ConfirmDialog load their code when a page first opens one. Every page of every remote
 * takes the design system at first load, and most never open a dialog before the person acts (a delete
 * confirmation, a sign-in prompt): the dialogs' focus handling and layout stayed out of each page's
 * first load (issue 43). Once loaded, every later dialog opens at once.
 */

type DialogCode = Pick<typeof import('./dialog-code'), 'Dialog' | 'ConfirmDialog'>;

let code: DialogCode | null = null;
let loading: Promise<DialogCode> | null = null;

/** Loads the dialogs' code (once; a failed load is tried again on the next call). */
function loadDialogCode(): Promise<DialogCode> {
  loading ??= import('./dialog-code').then(
    ({ Dialog, ConfirmDialog }) => (code = { Dialog, ConfirmDialog }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The dialogs' code once it is in; while `wanted`, starts loading it and renders again when it arrives. */
function useDialogCode(wanted: boolean): { code: DialogCode | null; failed: boolean; retry: () => void } {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || code) return;
    let live = true;
    setFailed(false);
    loadDialogCode().then(
      () => live && arrived(),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, attempt]);
  return { code, failed, retry };
}

/** What shows in the dialog's place while its code loads (a moment), or if it could not be loaded (offline). */
function DialogLoading({ onClose, failed, retry }: { onClose: () => void; failed: boolean; retry: () => void }): ReactNode {
  const root = usePortalRoot();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div aria-hidden="true" data-dialog-backdrop="" className="fixed inset-0 bg-stone-900/50" onClick={onClose} />
      {failed ? (
        <div className="relative w-full rounded-t-2xl bg-white shadow-xl sm:max-w-sm sm:rounded-2xl">
          <ErrorState onRetry={retry} />
        </div>
      ) : (
        <div className="relative mb-8 rounded-full bg-white p-3 shadow-xl sm:mb-0">
          <Spinner />
        </div>
      )}
    </div>,
    root,
  );
}

/**
 * A modal dialog in a portal over a backdrop. It moves focus inside on open, keeps Tab inside,
 * closes on Escape and returns focus to the element that opened it (./dialog-code.tsx).
 */
export function Dialog(props: DialogProps) {
  const { code: loaded, failed, retry } = useDialogCode(props.open);
  if (!props.open) return null;
  if (loaded) return <loaded.Dialog {...props} />;
  return <DialogLoading onClose={props.onClose} failed={failed} retry={retry} />;
}

/**
 * A yes/no question in a Dialog. Focus starts on Cancel, the safe choice. Once first opened it stays
 * mounted, so a question closed while its answer is pending settles as it would have.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useRef(false);
  if (props.open) opened.current = true;
  const { code: loaded, failed, retry } = useDialogCode(opened.current);
  if (!opened.current) return null;
  if (loaded) return <loaded.ConfirmDialog {...props} />;
  return props.open ? <DialogLoading onClose={props.onClose} failed={failed} retry={retry} /> : null;
}
