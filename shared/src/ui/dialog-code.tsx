// The dialogs' code, loaded when a page first opens one (./dialog.tsx): pages import Dialog and
// ConfirmDialog from the design system, never from here.
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { cx } from './cx';
import { FormError } from './form-error';
import { usePortalRoot } from './portal-root';
import { CloseIcon } from './icons';
import { useUiT } from '@shambasoko/shared';

export type DialogSize = 'sm' | 'md' | 'lg';

export type DialogProps = {
  open: boolean;
  /** Called on Escape, on the close button and on a backdrop tap. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action buttons; stacked full-width on phones, in a row from `sm` up. */
  footer?: ReactNode;
  size?: DialogSize;
  /** The element to focus on open; by default the first focusable element in the body or footer. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Tapping the backdrop closes (default true). */
  closeOnBackdrop?: boolean;
  /** Hides the "Close" (X) button in the title bar. */
  hideCloseButton?: boolean;
};

const widths: Record<DialogSize, string> = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' };

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && !el.closest('[hidden],[inert]'),
  );
}

/** Open dialogs, innermost last: only the innermost one answers Escape and traps Tab. */
const openStack: HTMLElement[] = [];

function trapTab(event: KeyboardEvent, panel: HTMLElement) {
  const items = focusables(panel);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    panel.focus();
  } else if (!(active instanceof Node) || !panel.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === panel)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog in a portal over a backdrop. It moves focus inside on open, keeps Tab inside,
 * closes on Escape and returns focus to the element that opened it.
 */
export function Dialog(props: DialogProps) {
  const root = usePortalRoot();
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, root);
}

function DialogPanel({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  closeOnBackdrop = true,
  hideCloseButton = false,
}: DialogProps) {
  const t = useUiT();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Runs once per opening (the panel mounts when the dialog opens and unmounts when it closes).
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocusRef?.current ?? (contentRef.current && focusables(contentRef.current)[0]) ?? panel;
    target.focus();
    openStack.push(panel);

    // Listening on the document, not the panel, also catches keys when focus fell out of the dialog
    // (a focused button that became disabled leaves focus on <body>).
    function onKeyDown(event: KeyboardEvent) {
      if (!panel || openStack[openStack.length - 1] !== panel || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    }
    document.addEventListener('keydown', onKeyDown);

    const body = document.body;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openStack.splice(openStack.indexOf(panel), 1);
      body.style.overflow = previousOverflow;
      // The opener may be gone (e.g. the row whose Delete button opened this); then focus stays put.
      if (opener?.isConnected) opener.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on open: a new ref must not steal focus
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        data-dialog-backdrop=""
        className="fixed inset-0 bg-stone-900/50"
        onClick={closeOnBackdrop ? onClose : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
          widths[size],
        )}
      >
        <div className="flex items-start gap-3 border-b border-stone-200 py-3 pr-2 pl-5">
          <div className="min-w-0 flex-1 py-2">
            <h2 id={titleId} className="text-lg font-semibold text-stone-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1 text-sm text-stone-600">
                {description}
              </div>
            )}
          </div>
          {!hideCloseButton && (
            <button
              type="button"
              aria-label={t('close')}
              onClick={onClose}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-xl text-stone-500 hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div ref={contentRef} className="flex min-h-0 flex-1 flex-col">
          {children !== undefined && children !== null && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-stone-200 px-5 py-4 *:w-full sm:flex-row sm:justify-end sm:*:w-auto">
              {footer}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

export type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  /** Label of the confirm button while busy, e.g. "Deleting...". */
  busyLabel?: ReactNode;
  /**
   * Called on confirm. If it returns a promise the dialog shows a busy state until it settles, then
   * closes on success or shows the error's message on failure.
   */
  onConfirm: () => void | Promise<unknown>;
  /** Busy state driven from outside (e.g. a mutation's isPending). */
  busy?: boolean;
  /** Red confirm button, for destructive actions. */
  danger?: boolean;
};

/** A yes/no question in a Dialog. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  message,
  confirmLabel,
  cancelLabel,
  busyLabel,
  onConfirm,
  busy: busyProp = false,
  danger = false,
}: ConfirmDialogProps) {
  const t = useUiT();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const busy = busyProp || pending;

  // A fresh opening starts without the previous attempt's error.
  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  // The confirm button was disabled while busy, which drops focus; put it back so a retry is one key away.
  useEffect(() => {
    if (error) confirmRef.current?.focus();
  }, [error]);

  async function confirm() {
    setError(null);
    const result = onConfirm();
    if (!isThenable(result)) {
      onClose();
      return;
    }
    setPending(true);
    try {
      await result;
      setPending(false);
      if (openRef.current) onClose();
    } catch (err) {
      setPending(false);
      setError(err instanceof Error && err.message ? err.message : t('error.tryAgain'));
    }
  }

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={title}
      description={message}
      size="sm"
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={close} disabled={busy}>
            {cancelLabel ?? t('cancel')}
          </Button>
          <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} onClick={confirm} loading={busy} loadingText={busyLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error ? <FormError message={error} /> : null}
    </Dialog>
  );
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
