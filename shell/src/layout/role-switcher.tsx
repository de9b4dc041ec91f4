import { memo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppRole } from '@shambasoko/contracts';
import { APP_ROLES, homePathFor, isHomePath, useSession } from '@shambasoko/shared';
import { known, useT } from '../lib/i18n';
import { pageRoles } from './sidebar-menu';

/**
 * Lists only the roles the account holds; with one role there is nothing to switch, so it is shown as
 * text, and on phones not at all: the top bar there is too narrow for the title next to it. A page
 * that is for some roles only (the Admin console) shows the held roles it is for, whatever role was
 * picked before: an Admin on /admin/accounts is there as Admin, not as Farmer.
 */
export const RoleSwitcher = memo(function RoleSwitcher() {
  const t = useT();
  const role = useSession((s) => s.role);
  const held = useSession((s) => s.user?.roles);
  const setRole = useSession((s) => s.setRole);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // On a home the person asked for "my home": the new role's. Elsewhere the page stays.
  const switchTo = (next: AppRole) => {
    setRole(next);
    if (isHomePath(pathname)) navigate(homePathFor(next));
  };
  const all = held && held.length > 0 ? APP_ROLES.filter((r) => held.includes(r)) : [role];
  const forPage = pageRoles(pathname);
  const applying = forPage ? all.filter((r) => forPage.includes(r)) : [];
  const roles = applying.length > 0 ? applying : all;
  if (roles.length === 1) {
    return (
      <p className="hidden items-center gap-2 text-sm sm:flex">
        <span className="sr-only sm:not-sr-only sm:text-stone-600">{t('role.label')}</span>
        <span className="font-medium text-stone-800" data-testid="current-role">
          {known('role', roles[0] ?? '')}
        </span>
      </p>
    );
  }
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="sr-only sm:not-sr-only sm:text-stone-600">{t('role.label')}</span>
      <select
        value={roles.includes(role) ? role : roles[0]}
        onChange={(e) => switchTo(e.target.value as AppRole)}
        className="min-h-10 rounded-lg border border-stone-300 bg-white px-2 text-sm"
      >
        {roles.map((r) => (
          <option key={r} value={r}>
            {known('role', r)}
          </option>
        ))}
      </select>
    </label>
  );
});
