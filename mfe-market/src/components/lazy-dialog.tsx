import { Spinner } from '@shambasoko/shared';
import { createElement, lazy, Suspense, useRef, type ComponentType } from 'react';

/**
 * A dialog or form whose code loads when it first shows, not with the page that may show it: forms
 * carry the form library, its zod resolver and the contract schemas (~40 kB gzip), which most pages'
 * first screen never uses (issue 43). One kept mounted while closed (`open={false}`) loads when first
 * opened. Same as mfe-farm's (each remote bundles its own).
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
