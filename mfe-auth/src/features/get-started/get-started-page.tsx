import { PageHeader } from '@shambasoko/shared/ui';

export default function GetStartedPage() {
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-6">
      <PageHeader title="Get Started" />
    </main>
  );
}
