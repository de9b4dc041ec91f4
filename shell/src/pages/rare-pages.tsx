import { later } from '../lib/later';

// The 404 and the "not for your role" and "switched off" notices are rare: their code loads when one is
// shown, not with every page (issue 43). Once loaded, each renders at once (lib/later.ts).
const notFound = later(() => import('./not-found-page'));
const unavailable = later(() => import('./unavailable-pages'));

export function NotFoundPage() {
  const page = notFound.use();
  return page ? <page.NotFoundPage /> : null;
}

export function RoleUnavailablePage({ roles }: { roles: readonly string[] }) {
  const page = unavailable.use();
  return page ? <page.RoleUnavailablePage roles={roles} /> : null;
}

export function SwitchedOffPage() {
  const page = unavailable.use();
  return page ? <page.SwitchedOffPage /> : null;
}
