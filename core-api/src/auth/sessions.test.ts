import type { Kysely } from 'kysely';
import { ProcessBroadcast } from '../cluster/broadcast';
import type { Database } from '../db/schema';
import { createSessionGuard, SESSION_FACTS_BOUND_MS } from './sessions';

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const S3 = '33333333-3333-4333-8333-333333333333';
const FAR = Number.MAX_SAFE_INTEGER;

interface Facts {
  userId: string;
  revoked: boolean;
  expiresAt: number;
}

/**
 * A database stand-in: each read is recorded and answered when the test says so, from `rows` as
 * they are at that moment (a read that began before a revocation answers the old row).
 */
function fakeSessions(rows: Record<string, Facts>) {
  const reads: Array<{ ids: readonly string[]; answer(): void; fail(error: Error): void }> = [];
  const read = (ids: readonly string[]) =>
    new Promise<Map<string, Facts>>((resolve, reject) => {
      const snapshot = new Map(ids.filter((id) => rows[id]).map((id) => [id, { ...rows[id]! }]));
      reads.push({ ids, answer: () => resolve(snapshot), fail: reject });
    });
  return { reads, read };
}

/** Lets the guard's batch (one read per turn of the event loop) go out and its answer come back. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function guardWith(rows: Record<string, Facts>) {
  let now = 1_000_000;
  const broadcast = new ProcessBroadcast();
  const db = fakeSessions(rows);
  const guard = createSessionGuard({} as Kysely<Database>, { broadcast, read: db.read, now: () => now });
  return {
    guard,
    broadcast,
    reads: db.reads,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** Asks, lets the batch go out, answers every read made, and returns the answer. */
async function ask(t: ReturnType<typeof guardWith>, session: string, user: string): Promise<boolean> {
  const answer = t.guard.isActive(session, user);
  await turn();
  for (const read of t.reads.splice(0)) read.answer();
  return answer;
}

describe('the session guard', () => {
  it('answers from one read until the facts are stale, without a statement per request', async () => {
    const t = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: FAR } });
    expect(await ask(t, S1, 'u1')).toBe(true);
    t.advance(1_000);
    const again = t.guard.isActive(S1, 'u1');
    await turn();
    expect(t.reads).toHaveLength(0);
    expect(await again).toBe(true);
    // Another user's token on this session, an unknown session: refused.
    expect(await ask(t, S1, 'u2')).toBe(false);
    expect(await ask(t, S2, 'u1')).toBe(false);
  });

  it('reads the sessions asked for in one turn with one statement, once each', async () => {
    const t = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: FAR }, [S2]: { userId: 'u2', revoked: true, expiresAt: FAR } });
    const answers = Promise.all([
      t.guard.isActive(S1, 'u1'),
      t.guard.isActive(S2, 'u2'),
      t.guard.isActive(S1, 'u1'),
      t.guard.isActive(S3, 'u3'),
    ]);
    await turn();
    expect(t.reads.map((r) => [...r.ids].sort())).toEqual([[S1, S2, S3]]);
    t.reads.splice(0)[0]!.answer();
    expect(await answers).toEqual([true, false, true, false]);
  });

  it('answers an active session at once while its facts are read again behind, and never from facts older than the bound', async () => {
    const t = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: FAR } });
    expect(await ask(t, S1, 'u1')).toBe(true);
    // Past the latest fresh end (2.8 s + 25 %), before the earliest stale end: from memory, one read behind.
    t.advance(3_550);
    expect(await t.guard.isActive(S1, 'u1')).toBe(true);
    await turn();
    expect(t.reads).toHaveLength(1);
    t.reads.splice(0)[0]!.answer();
    await turn();
    // The read behind renewed the facts: past the first read's bound, answered with no read at all.
    t.advance(2_000);
    expect(await t.guard.isActive(S1, 'u1')).toBe(true);
    await turn();
    expect(t.reads).toHaveLength(0);

    // Facts nobody renewed: at the bound the next request waits for the database.
    const idle = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: FAR } });
    expect(await ask(idle, S1, 'u1')).toBe(true);
    idle.advance(SESSION_FACTS_BOUND_MS);
    let settled = false;
    const waiting = idle.guard.isActive(S1, 'u1').finally(() => {
      settled = true;
    });
    await turn();
    expect(idle.reads).toHaveLength(1);
    expect(settled).toBe(false);
    idle.reads.splice(0)[0]!.answer();
    expect(await waiting).toBe(true);
  });

  it('stops a revoked session at once, and does not keep a read that began before the revocation', async () => {
    const rows = { [S1]: { userId: 'u1', revoked: false, expiresAt: FAR } };
    const t = guardWith(rows);
    expect(await ask(t, S1, 'u1')).toBe(true);
    rows[S1] = { ...rows[S1]!, revoked: true };
    t.guard.revoked([S1]);
    expect(await ask(t, S1, 'u1')).toBe(false);

    // A read in flight (the row as it was) when another process's revocation arrives.
    const late = guardWith({ [S2]: { userId: 'u2', revoked: false, expiresAt: FAR } });
    const first = late.guard.isActive(S2, 'u2');
    await turn();
    late.broadcast.deliver({ kind: 'sessions', ids: [S2] });
    late.reads.splice(0)[0]!.answer();
    expect(await first).toBe(true); // asked before the revocation
    const after = late.guard.isActive(S2, 'u2');
    await turn();
    expect(late.reads).toHaveLength(1); // the old facts were not kept
    late.reads.splice(0)[0]!.answer();
    await after;
  });

  it('forgets every session when the bus may have missed messages, and past their absolute end', async () => {
    const t = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: 1_000_000 + 1_000 } });
    expect(await ask(t, S1, 'u1')).toBe(true);
    t.broadcast.reset();
    const again = t.guard.isActive(S1, 'u1');
    await turn();
    expect(t.reads).toHaveLength(1);
    t.reads.splice(0)[0]!.answer();
    expect(await again).toBe(true);
    // Its absolute end, by the guard's clock, while the facts are still fresh: refused without a read.
    t.advance(1_000);
    expect(await t.guard.isActive(S1, 'u1')).toBe(false);
    expect(t.reads).toHaveLength(0);
  });

  it('answers a failed read with its error, and reads again at the next request', async () => {
    const t = guardWith({ [S1]: { userId: 'u1', revoked: false, expiresAt: FAR } });
    const failing = t.guard.isActive(S1, 'u1');
    await turn();
    t.reads.splice(0)[0]!.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    expect(await ask(t, S1, 'u1')).toBe(true);
  });

  it('refuses a malformed session id without reading', async () => {
    const t = guardWith({});
    expect(await t.guard.isActive('not-a-uuid', 'u1')).toBe(false);
    await turn();
    expect(t.reads).toHaveLength(0);
  });
});
