import type { ServerResponse } from 'node:http';
import { type Broadcast, clusterBroadcast } from '../../cluster/broadcast';

// The open message streams of this process, by user. A stream holds only its response and session
// family; one heartbeat timer serves them all, so a thousand streams cost a thousand small entries.

const HEARTBEAT_MS = 25_000;
/** How long EventSource waits before reconnecting. */
const RETRY_MS = 3_000;

interface Stream {
  res: ServerResponse;
  family: string;
}

export class MessageStreams {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: Array<() => void>;

  constructor(bus: Broadcast = clusterBroadcast, heartbeatMs = HEARTBEAT_MS) {
    this.unsubscribe = [
      bus.on('message', (m) => {
        const data = `event: message\ndata: ${JSON.stringify({ conversationId: m.conversationId, messageId: m.messageId })}\n\n`;
        for (const userId of m.userIds) for (const s of this.byUser.get(userId) ?? []) s.res.write(data);
      }),
      // A revoked session's streams end: its tokens stop, so must what it still hears.
      bus.on('sessions', (m) => {
        const families = new Set(m.ids);
        for (const set of this.byUser.values()) for (const s of set) if (families.has(s.family)) s.res.end();
      }),
    ];
    this.timer = setInterval(() => {
      for (const set of this.byUser.values()) for (const s of set) s.res.write(': ping\n\n');
    }, heartbeatMs);
    this.timer.unref();
  }

  open(userId: string, family: string, res: ServerResponse): void {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n: open\n\n`);
    const stream: Stream = { res, family };
    let set = this.byUser.get(userId);
    if (set === undefined) this.byUser.set(userId, (set = new Set()));
    set.add(stream);
    res.on('close', () => {
      set.delete(stream);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    });
  }

  /** Open streams (tests, metrics). */
  count(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  close(): void {
    clearInterval(this.timer);
    for (const off of this.unsubscribe) off();
    for (const set of this.byUser.values()) for (const s of set) s.res.end();
    this.byUser.clear();
  }
}
