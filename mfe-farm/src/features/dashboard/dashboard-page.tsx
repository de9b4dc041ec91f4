import { useSession } from '@shambasoko/shared';
import { PageHeader } from '@shambasoko/shared/ui';

export default function DashboardPage() {
  const role = useSession((s) => s.role);
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-6">
      <PageHeader title="Farmer Overview" subtitle={<span data-testid="dashboard-role">Your farms at a glance · {role} view</span>} />
    </main>
  );
}
