import { createContext, useContext, useLayoutEffect, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { homePathFor, useI18nVersion, useSession, type RouteHandle } from '@shambasoko/shared';
import { t } from './i18n';

interface Crumb {
  label: string;
  to: string;
}

/** What the top bar shows for the current page, read from the remote's route handles. */
export interface PageMeta {
  title: string;
  crumbs: Crumb[];
  back: string;
}

/** A matched route as react-router reports it (useMatches and matchRoutes both give these two). */
interface HandleMatch {
  pathname: string;
  handle?: unknown;
}

const SITE = 'ShambaSoko';

function isHandle(value: unknown): value is RouteHandle {
  const h = value as RouteHandle | undefined;
  return typeof h?.title === 'string' && typeof h.crumb === 'string' && (h.back === undefined || typeof h.back === 'string');
}

/**
 * Title, breadcrumbs and Back from the matched routes' handles: the deepest handle titles the page,
 * each distinct URL on the way adds a crumb (a parent and its index route share one), and Back
 * goes where the deepest handle that names one says, else Home: the active role's home page.
 */
export function pageMeta(matches: HandleMatch[], home = '/dashboard'): PageMeta | null {
  const levels: Array<{ pathname: string; handle: RouteHandle }> = [];
  for (const { pathname, handle } of matches) {
    if (!isHandle(handle)) continue;
    if (levels.at(-1)?.pathname === pathname) levels.pop();
    levels.push({ pathname, handle });
  }
  const page = levels.at(-1);
  if (!page) return null;
  const back = levels.reduce<string | undefined>((found, { handle }) => handle.back ?? found, undefined);
  return {
    title: page.handle.title,
    // The role's home is Home itself.
    crumbs: [
      { label: t('topbar.home'), to: home },
      ...levels.filter((l) => l.pathname !== home).map((l) => ({ label: l.handle.crumb, to: l.pathname })),
    ],
    back: back ?? home,
  };
}

const PageMetaContext = createContext<((meta: PageMeta | null) => void) | null>(null);

/** Given by the dashboard layout to the remote area inside it: where the page's metadata goes. */
export const PageMetaListener = PageMetaContext.Provider;

/**
 * Used where the shell renders a remote's routes: matches them against the location, titles the
 * browser tab and tells the dashboard layout (when there is one) what to show.
 */
export function usePublishPageMeta(routes: RouteObject[]): void {
  const { pathname } = useLocation();
  const publish = useContext(PageMetaContext);
  // Read again on a language switch and when a remote's catalog arrives: its handles word their
  // titles in the active language, in English until that catalog is there.
  const revision = useI18nVersion();
  const home = homePathFor(useSession((s) => s.role));
  const meta = useMemo(
    () =>
      revision >= 0
        ? pageMeta(
            (matchRoutes(routes, pathname) ?? []).map((m) => ({ pathname: m.pathname, handle: m.route.handle })),
            home,
          )
        : null,
    [routes, pathname, revision, home],
  );
  useLayoutEffect(() => {
    document.title = meta ? `${meta.title} · ${SITE}` : SITE;
    publish?.(meta);
    return () => {
      document.title = SITE;
      publish?.(null);
    };
  }, [meta, publish]);
}

/** A shell page outside any remote's routes (the 404, the console) titles the tab itself. */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = `${title} · ${SITE}`;
    return () => {
      document.title = SITE;
    };
  }, [title]);
}
