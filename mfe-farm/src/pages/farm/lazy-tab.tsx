import type { Farm } from '@shambasoko/contracts';
import { Spinner } from '@shambasoko/shared';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A tab of the farm page whose code comes when the tab first opens, not with the page: a farm opens on
 * Fields, and each other tab carries its own tables, cards and dialogs' buttons. The service worker
 * keeps every chunk of the farm remote's version, so a tab opens offline too once the page has been
 * visited online.
 */
export function lazyTab(load: () => Promise<ComponentType<{ farm: Farm }>>): ComponentType<{ farm: Farm }> {
  const Tab = lazy(() => load().then((component) => ({ default: component })));
  function LazyTab({ farm }: { farm: Farm }) {
    return (
      <Suspense
        fallback={
          <div className="flex min-h-32 items-center justify-center">
            <Spinner />
          </div>
        }
      >
        <Tab farm={farm} />
      </Suspense>
    );
  }
  return LazyTab;
}
