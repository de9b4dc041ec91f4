/** After a refused step, put the cursor in the first field that needs attention. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    // Centred, so the sticky market header never covers the field.
    field.focus({ preventScroll: true });
    field.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}
