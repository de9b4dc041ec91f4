import { useParams } from 'react-router-dom';
import { ErrorState } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-messages';
import { useFarmConversation } from './api/farm-conversation';
import { Thread } from './thread-page';
import { MessagesMain } from './components/messages-main';

/** /messages/farm/:farmId: opens (or makes) the farm's conversation and shows it. */
export default function FarmChatPage() {
  const t = useT();
  const { farmId = '' } = useParams();
  const farm = useFarmConversation(farmId);
  if (farm.isError || farm.isPending)
    return (
      <MessagesMain>
        {farm.isError ? (
          <ErrorState message={t('thread.loadError')} onRetry={() => void farm.refetch()} />
        ) : (
          <p className="text-sm text-stone-500">{t('farm.opening')}</p>
        )}
      </MessagesMain>
    );
  return <Thread conversationId={farm.data.id} />;
}
