import { PageHeader } from '@shambasoko/shared/ui';

export default function SeasonsPage() {
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-6">
      <PageHeader title="Seasons" />
    </main>
  );
}
