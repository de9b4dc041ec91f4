import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { PageSpinner } from './spinner';

/** A route element that loads its page on first render, showing `fallback` (a spinner, or a skeleton in the page's shape) meanwhile. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, fallback: ReactNode = <PageSpinner />): ReactElement {
  const Page = lazy(load);
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}
