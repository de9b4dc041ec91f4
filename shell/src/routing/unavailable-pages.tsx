import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main role="alert" className="mx-auto my-16 max-w-md p-6 text-center">
      <h1 className="text-xl font-semibold text-stone-900">{title}</h1>
      <div className="mt-2 text-stone-600">{children}</div>
      <Link
        to="/dashboard"
        className="mt-4 inline-flex min-h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
      >
        Back to the dashboard
      </Link>
    </main>
  );
}

const listOf = (roles: readonly string[]) =>
  roles.length <= 1 ? (roles[0] ?? '') : `${roles.slice(0, -1).join(', ')} and ${roles[roles.length - 1]}`;

/** A deep link into a remote the current role may not see. */
export function RoleUnavailablePage({ roles }: { roles: readonly string[] }) {
  const named = roles.filter((r) => r !== '*');
  return (
    <Notice title="This page is not available for your role">
      <p>
        {named.length > 0
          ? `It is available to ${listOf(named)} accounts. Switch role from the top bar if your account holds one of them.`
          : 'No role can open it at the moment.'}
      </p>
    </Notice>
  );
}

/** A deep link into a remote a product owner switched off. */
export function SwitchedOffPage() {
  return (
    <Notice title="This section is switched off for now">
      <p>The rest of ShambaSoko still works. Please try again later.</p>
    </Notice>
  );
}
