import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { PageSpinner } from './spinner';

/** A route element that loads its page on first render, showing a spinner meanwhile. */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazy(load);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page />
    </Suspense>
  );
}
