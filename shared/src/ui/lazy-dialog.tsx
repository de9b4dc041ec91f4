import { Spinner } from '@shambasoko/shared';
import { createElement, lazy, Suspense, useRef, type ComponentType } from 'react';

/**
 * A dialog or form whose code loads when it first shows, not with the page that may show it: forms
 * carry the form library, its zod resolver and the contract schemas (~40 kB gzip), which most pages'
 * first screen never uses (issue 43). One kept mounted while closed (`open={false}`) loads when first
 * opened, and mounts once: the dialog itself is rendered only when its code is in.
 *
 * `@shambasoko/shared/ui/lazy-dialog` is its own entry, not part of the design system's singleton, so the
 * shell's first load never carries it; each remote bundles this small file where a page uses it.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    const opened = useRef(false);
    if ((props as { open?: boolean }).open !== false) opened.current = true;
    if (!opened.current) return null;
    return (
      <Suspense
        fallback={
          <div className="fixed inset-0 z-50 grid place-items-center bg-stone-900/20">
            <Spinner />
          </div>
        }
      >
        {createElement(Dialog as unknown as ComponentType<P>, props)}
      </Suspense>
    );
  }
  return LazyDialog;
}
