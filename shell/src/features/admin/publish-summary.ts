import type { RegistryRemote } from '@shambasoko/contracts';
import { t } from './i18n';
import { audienceOf, groupList, missing, sentence, titleIn, type Audience } from './audience';

/** A remote's drafted settings: only what differs from what is live. */
export interface Draft {
  enabled?: boolean;
  roles?: Audience[];
}

/**
 * What publishing a remote's draft does to who sees it, as sentences: "Buyers will no longer see
 * Market.", "Farmers will now see Farm.", "Market will be switched off: no one will see it."
 */
export function publishSummary(remote: RegistryRemote, draft: Draft, locale: string): string[] {
  const title = titleIn(remote, locale);
  const enabled = draft.enabled ?? remote.enabled;
  const before = audienceOf(remote.enabled, remote.roles);
  const after = audienceOf(enabled, draft.roles ?? remote.roles);
  const lines: string[] = [];
  if (remote.enabled && !enabled) return [t('admin.summary.off', { title })];
  if (!remote.enabled && enabled) lines.push(t('admin.summary.on', { title }));
  const lost = missing(before, after);
  const gained = missing(after, before);
  if (lost.length > 0) lines.push(sentence(t('admin.summary.lose', { who: groupList(lost, locale), title })));
  if (gained.length > 0) lines.push(sentence(t('admin.summary.gain', { who: groupList(gained, locale), title })));
  if (lines.length === 0) lines.push(t('admin.summary.same', { title }));
  return lines;
}
