import { useParams } from 'react-router-dom';
import { ErrorState } from '@shambasoko/shared/ui';
import { useT } from '../../lib/i18n-messages';
import { useFarmConversation } from './api/farm-conversation';
import { Thread } from './thread-page';

/** /messages/farm/:farmId: opens (or makes) the farm's conversation and shows it. */
export default function FarmChatPage() {
  const t = useT();
  const { farmId = '' } = useParams();
  const farm = useFarmConversation(farmId);
  if (farm.isError) return <ErrorState message={t('thread.loadError')} onRetry={() => void farm.refetch()} />;
  if (farm.isPending) return <p className="text-sm text-stone-500">{t('farm.opening')}</p>;
  return <Thread conversationId={farm.data.id} />;
}
