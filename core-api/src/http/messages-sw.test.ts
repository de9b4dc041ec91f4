// Every message the server or the contracts can show has its Kiswahili (contracts/src/i18n/messages-sw.json):
// the sources are read (testing/message-sources.ts), so a new ApiError, zod message or notification
// without an entry fails here.
import { FARM_ACTION_WORDS, FARM_ROLES } from '@shambasoko/contracts';
import swMessages from '@shambasoko/contracts/i18n/messages-sw.json';
import { contractMessages, serverMessages, type FoundMessage } from '../testing/message-sources';
import { translateFor } from './language';

/** The same in both languages: brand, codes and technical words a person reads as they are. */
const SAME_IN_BOTH = new Set<string>([]);

/** A sample of a found text: placeholders become a value no entry names. */
const sample = (text: string) => text.replace(/\{\w+\}/g, '7');
const hasWords = (text: string) => /[a-z]{2}/i.test(text.replace(/\{\w+\}/g, ''));

function untranslated(found: FoundMessage[]): string[] {
  const missing = new Map<string, string>();
  for (const { text, where } of found) {
    if (!hasWords(text) || SAME_IN_BOTH.has(text)) continue;
    if (translateFor(sample(text), 'sw') === sample(text)) missing.set(text, where);
  }
  return [...missing].map(([text, where]) => `${JSON.stringify(text)}  (${where})`);
}

describe('Kiswahili for every message (messages-sw.json)', () => {
  const server = serverMessages();
  const contracts = contractMessages();

  it('finds the messages at all (the scan still reads the sources)', () => {
    const texts = new Set([...server, ...contracts].map((m) => m.text));
    expect(texts.size).toBeGreaterThan(250);
    for (const known of ['Please sign in to continue.', 'is required', 'Order {number} placed', 'Failed to sign in']) {
      expect(texts).toContain(known);
    }
  });

  it('core-api: ApiError, success messages and notifications', () => {
    expect(untranslated(server)).toEqual([]);
  });

  it('contracts, identity fallbacks and the API client', () => {
    expect(untranslated(contracts)).toEqual([]);
  });

  it('the words filled into messages: farm roles and the refused actions', () => {
    const where = 'contracts/src';
    expect(untranslated(FARM_ROLES.map((text) => ({ text, where })))).toEqual([]);
    for (const action of Object.values(FARM_ACTION_WORDS)) {
      const refusal = translateFor(`As a Viewer on this farm you cannot ${action}.`, 'sw');
      expect(refusal).not.toContain(action);
    }
  });

  it('uses no placeholder in a translation that its English does not have', () => {
    const dictionary: Record<string, string> = swMessages;
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const broken = Object.entries(dictionary).filter(([english, sw]) => names(sw).some((name) => !names(english).includes(name)));
    expect(broken).toEqual([]);
  });
});
