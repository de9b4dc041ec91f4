import type { RegistryAuditEntry } from '@shambasoko/contracts';
import { t } from './i18n';
import { audienceOf, groupList, missing, sentence, type Viewer } from './audience';
import { shortVersion } from './format';

type Settings = { enabled?: unknown; roles?: unknown };
const settingsOf = (value: unknown): Settings =>
  Array.isArray(value) ? { roles: value } : value && typeof value === 'object' ? (value as Settings) : {};
const rolesOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : []);
const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const versionIn = (value: unknown) =>
  shortVersion(typeof field(value, 'version') === 'string' ? (field(value, 'version') as string) : null);
const liveIn = (value: unknown) => shortVersion(typeof field(value, 'live') === 'string' ? (field(value, 'live') as string) : null);

/**
 * One audit entry as a sentence in the page's language: "Amina Wanjiru switched off Market for Buyers".
 * `title` names a remote as people know it (its remote.json title, else its name).
 */
export function auditSentence(entry: RegistryAuditEntry, title: (name: string) => string, locale: string): string {
  const actor = entry.actor?.name ?? t('admin.system');
  const remote = title(entry.remote);
  const { before, after } = entry;
  switch (entry.action) {
    case 'roles':
    case 'enabled':
    case 'settings': {
      const was = settingsOf(before);
      const is = settingsOf(after);
      const parts: string[] = [];
      if (typeof was.enabled === 'boolean' && typeof is.enabled === 'boolean' && was.enabled !== is.enabled)
        parts.push(t(is.enabled ? 'admin.log.on' : 'admin.log.off', { actor, title: remote }));
      const wasSeen = audienceOf(true, rolesOf(was.roles));
      const isSeen = audienceOf(true, rolesOf(is.roles));
      const hidden = missing(wasSeen, isSeen);
      const shown = missing(isSeen, wasSeen);
      if (hidden.length > 0) parts.push(t('admin.log.hidden', { actor, title: remote, who: groupList(hidden, locale) }));
      if (shown.length > 0) parts.push(t('admin.log.shown', { actor, title: remote, who: groupList(shown, locale) }));
      return parts.length > 0 ? parts.join('; ') : t('admin.log.other', { actor, title: remote });
    }
    case 'promote':
      return t('admin.log.promote', { actor, title: remote, version: liveIn(after) });
    case 'rollback':
      return t('admin.log.rollback', { actor, title: remote, version: liveIn(after) });
    case 'rollout': {
      if (after === null || after === undefined) return t('admin.log.rolloutEnd', { actor, title: remote });
      const role = field(after, 'role');
      return t('admin.log.rolloutStart', {
        actor,
        title: remote,
        version: versionIn(after),
        percent: Number(field(after, 'percent')) || 0,
        who: typeof role === 'string' && role !== '*' ? groupList([role as Viewer], locale) : '',
      });
    }
    case 'deploy':
      return t('admin.log.deploy', { actor, title: remote, version: versionIn(after) });
    case 'shell':
      return t('admin.log.shell', { actor, version: versionIn(after) });
    case 'delete':
      return t('admin.log.delete', { actor, title: remote });
    default:
      return sentence(t('admin.log.other', { actor, title: remote }));
  }
}
