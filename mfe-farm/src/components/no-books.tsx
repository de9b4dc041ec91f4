import { Card, EmptyState } from '@shambasoko/shared/ui';
import { useT } from '../lib/i18n-work';

/** The budget and costs screens for someone whose role on every farm keeps them out of the books. */
export function NoBooks() {
  const t = useT();
  return (
    <Card>
      <EmptyState title={t('books.title')} message={t('books.text')} />
    </Card>
  );
}
