import type { RegistryRemote, RemoteText } from '@shambasoko/contracts';
import { t } from './i18n';

export type Audience = RegistryRemote['roles'][number];
/** Who can see a remote: each role, and visitors who are not signed in ("*" reaches them too). */
export type Viewer = Exclude<Audience, '*'> | 'visitors';
const VIEWERS: Viewer[] = ['Admin', 'Supplier', 'Retailer', 'Farmer', 'Buyer', 'visitors'];

/** The viewers a remote reaches with these settings: none while it is switched off. */
export function audienceOf(enabled: boolean, roles: readonly string[]): Set<Viewer> {
  if (!enabled) return new Set();
  return new Set(VIEWERS.filter((v) => roles.includes('*') || (v !== 'visitors' && roles.includes(v))));
}

/** The viewers in `from` that `to` has not, in a fixed order. */
export const missing = (from: Set<Viewer>, to: Set<Viewer>): Viewer[] => VIEWERS.filter((v) => from.has(v) && !to.has(v));

/** "Buyers and Suppliers", "Wanunuzi na Wasambazaji": the groups as people say them, in the page's language. */
export function groupList(viewers: Viewer[], locale: string): string {
  const names = viewers.map((v) => t(`admin.group.${v}`));
  return new Intl.ListFormat(locale === 'sw' ? 'sw' : 'en', { type: 'conjunction' }).format(names);
}

/** A remote's human name in the page's language (its remote.json's), else its technical name. */
export const titleIn = (remote: { name: string; title?: RemoteText | null }, locale: string): string =>
  remote.title?.[locale === 'sw' ? 'sw' : 'en'] ?? remote.name;

/** The first letter up: a sentence may start with a group written in lower case. */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
