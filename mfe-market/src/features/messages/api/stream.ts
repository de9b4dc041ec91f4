import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '@shambasoko/shared';

/** POST /v1/messages/stream-ticket: a one-time ticket, since EventSource sends no Authorization header. */
const getStreamTicket = () => api.post<{ ticket: string; expiresAt: string }>('/v1/messages/stream-ticket');

/**
 * Listens to GET /v1/messages/stream and refreshes the messages queries when one arrives. Answers
 * whether the stream is live; when it is not, pages poll instead.
 */
export function useMessageStream(): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | undefined;
    let stopped = false;
    const open = async () => {
      try {
        const { ticket } = await getStreamTicket();
        if (stopped) return;
        source = new EventSource(buildUrl('/v1/messages/stream', { ticket }));
        source.onopen = () => setLive(true);
        source.addEventListener('message', () => void client.invalidateQueries({ queryKey: ['messages'] }));
        // A used ticket cannot reconnect: close, poll, and ask for a new ticket a little later.
        source.onerror = () => {
          source?.close();
          setLive(false);
          if (!stopped) setTimeout(() => void open(), 15_000);
        };
      } catch {
        setLive(false);
      }
    };
    void open();
    return () => {
      stopped = true;
      source?.close();
    };
  }, [client]);
  return live;
}
