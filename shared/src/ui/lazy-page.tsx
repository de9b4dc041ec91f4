import { isValidElement, lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactElement, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from './spinner';

type PageLoader = () => Promise<{ default: ComponentType }>;

interface LazyPageProps {
  page: LazyExoticComponent<ComponentType>;
  fallback: ReactNode;
  /** The page's code, for startPagesAt. */
  load: PageLoader;
}

function LazyPage({ page: Page, fallback }: LazyPageProps) {
  return (
    <Suspense fallback={fallback}>
      <Page />
    </Suspense>
  );
}

/** A route element that loads its page on first render, showing `fallback` (a spinner, or a skeleton in the page's shape) meanwhile. */
export function lazyPage(load: PageLoader, fallback: ReactNode = <PageSpinner />): ReactElement {
  return <LazyPage page={lazy(load)} fallback={fallback} load={load} />;
}

/**
 * Starts loading the code of the lazy pages that `routes` render at `pathname` (a layout route's
 * and its page's), as soon as the routes are known: otherwise each waits until the router has
 * rendered the one above it. A module asked for twice is fetched once.
 */
export function startPagesAt(routes: RouteObject[], pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const element = route.element;
    if (isValidElement<LazyPageProps>(element) && element.type === LazyPage) void element.props.load().catch(() => undefined);
  }
}
