import { PageHeader } from '@shambasoko/shared/ui';

export default function CartPage() {
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-6">
      <PageHeader title="Shopping Cart" />
    </main>
  );
}
