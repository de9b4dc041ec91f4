import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { ANSWERS_CHANNEL, type AnswersChange, PoolChangeFeed } from './change-feed';

/** A pool and its clients as far as the feed uses them: events, and the LISTEN each client runs first. */
class FakeClient extends EventEmitter {
  readonly queries: string[] = [];
  query(text: string): Promise<void> {
    this.queries.push(text);
    return Promise.resolve();
  }
  hear(payload: string, channel = ANSWERS_CHANNEL): void {
    this.emit('notification', { channel, payload, processId: 1 });
  }
}

function setUp(missesWhenIdle: boolean) {
  const pool = new EventEmitter();
  const feed = new PoolChangeFeed(missesWhenIdle);
  feed.watch(pool as unknown as pg.Pool);
  const changes: AnswersChange[] = [];
  let resets = 0;
  feed.on((change) => changes.push(change));
  feed.onReset(() => (resets += 1));
  const connect = () => {
    const client = new FakeClient();
    pool.emit('connect', client);
    return client;
  };
  return { pool, connect, changes, resets: () => resets };
}

describe('PoolChangeFeed', () => {
  it('has each new connection listen before anything else, and hands on what the triggers say once, however many connections hear it', () => {
    const { connect, changes } = setUp(true);
    const a = connect();
    const b = connect();
    expect(a.queries).toEqual([`listen ${ANSWERS_CHANNEL}`]);
    const payload = JSON.stringify({ t: '901', u: ['0b9c1c5e-8f4e-4a57-9c1d-2f7f1f0a0001'] });
    a.hear(payload);
    b.hear(payload);
    a.hear(JSON.stringify({ t: '902', all: true }));
    b.hear('ignored', 'another_channel');
    expect(changes).toEqual([{ users: ['0b9c1c5e-8f4e-4a57-9c1d-2f7f1f0a0001'] }, { all: true }]);
  });

  it('reads a payload it cannot understand as "everything changed", never as nothing', () => {
    const { connect, changes } = setUp(true);
    const client = connect();
    client.hear('not json');
    client.hear(JSON.stringify({ t: '903', u: [42] }));
    expect(changes).toEqual([{ all: true }, { all: true }]);
  });

  it('resets when the last listening connection of a server pool closes, since changes committed then go unheard', () => {
    const { pool, connect, resets } = setUp(true);
    const a = connect();
    const b = connect();
    pool.emit('remove', a);
    expect(resets()).toBe(0);
    pool.emit('remove', b);
    expect(resets()).toBe(1);
  });

  it('does not reset for the embedded engine, whose only writer is this process', () => {
    const { pool, connect, resets } = setUp(false);
    pool.emit('remove', connect());
    expect(resets()).toBe(0);
  });
});
