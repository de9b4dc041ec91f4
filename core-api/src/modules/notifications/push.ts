import type { Kysely } from 'kysely';
import type { PushSubscribe } from '@shambasoko/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../http/envelope';

const LOCAL_HOST = /^(localhost|.*\.localhost|.*\.local|\[.*\]|\d+\.\d+\.\d+\.\d+)$/i;

/**
 * We POST to this address on the person's behalf, so in production it must be a push service on the
 * internet (https, a name, not this host or an address inside the network); elsewhere the sandbox's
 * http endpoint passes too.
 */
export function checkEndpoint(endpoint: string, config: Pick<Config, 'nodeEnv'>): void {
  const url = new URL(endpoint);
  if (config.nodeEnv !== 'production') return;
  if (url.protocol !== 'https:') throw new ApiError(400, 'The push address must start with https://.');
  if (LOCAL_HOST.test(url.hostname) || url.username || url.password) throw new ApiError(400, 'That push address is not a push service.');
}

/** "Android · Chrome" or the like: enough to tell a person's browsers apart, nothing more. */
function browserLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '';
  return [os, browser].filter(Boolean).join(' · ');
}

const ENDPOINT_HELD_ELSEWHERE = 'This browser is already set up for phone notifications on another account.';

/**
 * One row per endpoint: the same browser subscribing again refreshes its keys, and a browser now
 * signed in as someone else moves to them, but only when it proves it is that browser: the keys it
 * sends must be the row's (`auth` is a secret the browser made and never shows). An endpoint alone is
 * not a secret (it travels to the push service and in logs), so it moves no one's notices. Refused: 409.
 */
export async function subscribe(db: Kysely<Database>, userId: string, s: PushSubscribe, userAgent: string | undefined): Promise<void> {
  const values = { user_id: userId, p256dh: s.keys.p256dh, auth: s.keys.auth, user_agent: browserLabel(userAgent), failures: 0 };
  const row = await db
    .insertInto('push_subscriptions')
    .values({ endpoint: s.endpoint, ...values })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet(values)
        .where(({ eb, and, or }) =>
          or([
            eb('push_subscriptions.user_id', '=', userId),
            and([eb('push_subscriptions.p256dh', '=', s.keys.p256dh), eb('push_subscriptions.auth', '=', s.keys.auth)]),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) throw new ApiError(409, ENDPOINT_HELD_ELSEWHERE);
}

/** Only the caller's own: another person's endpoint is left alone, and the answer is the same. */
export async function unsubscribe(db: Kysely<Database>, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', userId).execute();
}
