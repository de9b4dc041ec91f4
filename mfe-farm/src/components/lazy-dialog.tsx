import { Spinner } from '@shambasoko/shared';
import { createElement, lazy, Suspense, useRef, type ComponentType } from 'react';

/**
 * A dialog whose code loads when it first opens, not with the page that can open it: the forms carry
 * the form library, its zod resolver and the contract schemas (~40 kB gzip), which a list page's
 * first screen never uses (issue 43). A dialog kept mounted while closed (`open={false}`) loads on
 * its first opening.
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
