import type { FastifyInstance } from 'fastify';
// The React-free module and the dictionary the front ends fetch: one Kiswahili text for the server
// and the forms. (No package subpath exports them; a relative path keeps the boundary rule's view.)
import { translateMessage, type MessageDictionary } from '@shambasoko/contracts/i18n/messages';
import swMessages from '@shambasoko/contracts/i18n/messages-sw.json';

export type Language = 'en' | 'sw';

const DICTIONARIES: Record<Language, MessageDictionary | null> = { en: null, sw: swMessages };

/**
 * The language an Accept-Language header asks for: the most preferred of Kiswahili and English
 * ("sw-KE", "sw;q=0.9, en;q=0.8"); English when it names neither.
 */
export function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  let best: { language: Language; q: number } | null = null;
  for (const part of value.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language = tag === 'sw' || tag.startsWith('sw-') ? 'sw' : tag === 'en' || tag.startsWith('en-') ? 'en' : null;
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (Number.isFinite(q) && q > 0 && (best === null || q > best.q)) best = { language, q };
  }
  return best?.language ?? 'en';
}

/**
 * A customer message in `language`. Messages joined with "; " (several validation issues) without an
 * entry of their own translate part by part when every part has one; anything without an entry stays
 * English rather than failing.
 */
export function translateFor(message: string, language: Language): string {
  const dictionary = DICTIONARIES[language];
  if (!dictionary) return message;
  const whole = translateMessage(message, dictionary);
  if (!message.includes('; ') || Object.prototype.hasOwnProperty.call(dictionary, message)) return whole;
  const parts = message.split('; ');
  const translated = parts.map((part) => translateMessage(part, dictionary));
  return translated.every((part, i) => part !== parts[i]) ? translated.join('; ') : whole;
}

/**
 * Marks an English text a person reads as catalogued: its Kiswahili is in messages-sw.json and it is
 * told in the reader's language where it is shown (translateFor here, translateMessageText in the
 * front ends). The text is returned as it is; english-in-code.test.ts finds texts without a mark.
 */
export const catalogued = (english: string): string => english;

/** Marks a text only operators read (a provider's failure kept for support, a refused setting). */
export const forOperators = (text: string): string => text;

/** The entry for exactly this text, no template: for catalogued labels among a person's own words (a CSV's cells). */
export function translateExact(text: string, language: Language): string {
  const dictionary = DICTIONARIES[language];
  return dictionary && Object.prototype.hasOwnProperty.call(dictionary, text) ? (dictionary[text] ?? text) : text;
}

interface EnvelopeLike {
  header: { isSuccess: boolean; customerMessage: string };
}

const isEnvelope = (payload: unknown): payload is EnvelopeLike =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as EnvelopeLike).header === 'object' &&
  (payload as EnvelopeLike).header !== null &&
  typeof (payload as EnvelopeLike).header.customerMessage === 'string';

/**
 * Every envelope (successes, ApiErrors, validation and framework errors) is written in English and
 * told in the caller's language on its way out: one place, so no route can forget.
 */
export function registerLanguage(app: FastifyInstance): void {
  // A callback hook: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('preSerialization', (request, reply, payload, done) => {
    const vary = reply.getHeader('vary');
    const varied = typeof vary === 'string' && vary !== '' ? `${vary}, accept-language` : 'accept-language';
    if (!/accept-language/i.test(String(vary ?? ''))) reply.header('vary', varied);
    const language = languageOf(request.headers['accept-language']);
    if (language === 'en' || !isEnvelope(payload)) {
      done(null, payload);
      return;
    }
    const customerMessage = translateFor(payload.header.customerMessage, language);
    done(null, { ...payload, header: { ...payload.header, customerMessage } });
  });
}
