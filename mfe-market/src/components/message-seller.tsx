import { useNavigate } from 'react-router-dom';
import { isSignedIn, useSession } from '@shambasoko/shared';
import { Button } from '@shambasoko/shared/ui';
import { useOwnShopId } from '../features/messages/api/own-shop';
import { useStartConversation } from '../features/messages/api/start-conversation';
import { useT } from '../lib/i18n-buy';
import { signInPath } from '../lib/session';
import { ChatIcon } from './icons';

/**
 * Message seller: opens the buyer's conversation with the shop about a product, an order or the shop itself.
 * Not shown to the shop's own seller, whom the API would refuse (409), nor while that is still unknown.
 */
export function MessageSeller({ sellerId, productId, orderId }: { sellerId: string; productId?: string; orderId?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const signedIn = useSession(isSignedIn);
  const start = useStartConversation();
  const ownShopId = useOwnShopId();
  const open = () => {
    if (!signedIn) {
      navigate(signInPath(window.location.pathname + window.location.search));
      return;
    }
    start.mutate({ sellerId, productId, orderId }, { onSuccess: (c) => navigate(`/messages/${c.id}`) });
  };
  if (ownShopId === undefined || ownShopId === sellerId) return null;
  return (
    <div className="flex flex-col gap-1">
      <Button type="button" variant="secondary" size="sm" onClick={open} loading={start.isPending} loadingText={t('message.opening')}>
        <ChatIcon /> {t('message.button')}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('message.error')}
        </p>
      )}
    </div>
  );
}
