import { useState } from 'react';
import { formatDate, useMessageText } from '@shambasoko/shared';
import type { PartAftercare } from '@shambasoko/contracts';
import { Button, FormError } from '@shambasoko/shared/ui';
import { NAIROBI_TIME_ZONE } from '@shambasoko/contracts/time';
import { showToast } from '../../../components/toasts';
import { useConfirmDelivery } from '../api/confirm-delivery';
import { useOpenDispute } from '../api/open-dispute';
import { DisputeDetails } from './dispute-details';
import { lazyDialog } from '@shambasoko/shared/ui/lazy-dialog';
import { t as translate, useT } from '../../../lib/i18n-orders';

// Its form (photos, the contract's schema) loads when the buyer reports a problem.
const DisputeDialog = lazyDialog(() => import('./dispute-dialog').then((m) => m.DisputeDialog));

const UNTIL: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: NAIROBI_TIME_ZONE,
};

/** Under a dispatched or delivered part: confirm delivery (the seller is then paid), report a problem, or follow the dispute. */
export function AftercarePanel({ orderId, part, sellerName }: { orderId: string; part: PartAftercare; sellerName: string }) {
  const t = useT();
  const messageText = useMessageText();
  const confirm = useConfirmDelivery(orderId);
  const dispute = useOpenDispute(orderId);
  const [reporting, setReporting] = useState(false);
  return (
    <div className="flex flex-col gap-3 border-t border-stone-200 pt-3" data-testid="aftercare">
      {part.dispute ? <DisputeDetails dispute={part.dispute} /> : null}
      {part.confirmedAt ? <p className="text-sm text-brand-800">{t('aftercare.confirmed')}</p> : null}
      {part.canConfirm ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-stone-700">{t('aftercare.confirmHint')}</p>
          <FormError message={confirm.error ? messageText(confirm.error.message) : null} />
          <Button
            size="sm"
            className="self-start"
            loading={confirm.isPending}
            loadingText={t('aftercare.confirming')}
            onClick={() =>
              confirm.mutate(part.fulfilmentId, {
                onSuccess: () => showToast(translate('aftercare.confirmedToast', { seller: sellerName })),
              })
            }
          >
            {t('aftercare.confirm')}
          </Button>
        </div>
      ) : null}
      {part.canDispute && part.disputeUntil ? (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-stone-600">{t('aftercare.reportUntil', { when: formatDate(new Date(part.disputeUntil), UNTIL) })}</p>
          <Button variant="secondary" size="sm" className="self-start" onClick={() => setReporting(true)}>
            {t('dispute.report')}
          </Button>
        </div>
      ) : null}
      <DisputeDialog
        open={reporting}
        sellerName={sellerName}
        onClose={() => setReporting(false)}
        onSubmit={async (body, photos) => {
          await dispute.mutateAsync({ fulfilmentId: part.fulfilmentId, body, photos });
          showToast(translate('dispute.sent'));
        }}
      />
    </div>
  );
}
