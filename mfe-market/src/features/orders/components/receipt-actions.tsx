import { api, useMessageText } from '@shambasoko/shared';
import type { Order } from '@shambasoko/contracts';
import { Card, DownloadButton } from '@shambasoko/shared/ui';
import { ShareButton } from '../../../components/share/share-button';
import { useT } from '../../../lib/i18n-orders';

/** The order's receipt as a PDF (the API writes it in the buyer's language), to save or to share. */
export function ReceiptActions({ order }: { order: Order }) {
  const t = useT();
  const messageText = useMessageText();
  return (
    <Card title={t('receipt.title')}>
      <div className="flex flex-wrap items-start gap-2" data-testid="receipt-actions">
        <DownloadButton
          fetchFile={() =>
            api.download(`/v1/orders/${encodeURIComponent(order.id)}/receipt.pdf`, { headers: { accept: 'application/pdf' } })
          }
          fileName={`receipt-${order.number}.pdf`}
          label={t('receipt.download')}
          busyLabel={t('receipt.downloading')}
          errorText={(error) => messageText(error instanceof Error ? error.message : String(error))}
        />
        <ShareButton request={{ kind: 'receipt', orderId: order.id }} title={t('receipt.shareTitle', { number: order.number })} />
      </div>
    </Card>
  );
}
