// Messages written in English once and shown in either language: the contracts' validation messages
// (the same zod schemas check the forms and the API) and the API's customerMessage. The Kiswahili
// dictionary is keyed by the English text; "{name}" in a key matches any text there and is carried
// into the translation, so "Only {count} left in stock" covers every count.
export type MessageDictionary = Record<string, string>;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** How much of the English is written out, not a placeholder. */
  fixed: number;
}

const compiled = new WeakMap<MessageDictionary, Template[]>();
const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function templates(dictionary: MessageDictionary): Template[] {
  let list = compiled.get(dictionary);
  if (!list) {
    list = Object.entries(dictionary)
      .filter(([english]) => english.includes('{'))
      .map(([english, translation]) => {
        const names: string[] = [];
        const source = english
          .split(PLACEHOLDER)
          .map((part, index) => (index % 2 === 1 ? (names.push(part), '(.+?)') : escape(part)))
          .join('');
        return { pattern: new RegExp(`^${source}$`, 's'), names, translation, fixed: english.replace(PLACEHOLDER, '').length };
      })
      // The most specific first: "Dispute on order {number}" before "{product} on {date}", which also matches it.
      .sort((a, b) => b.fixed - a.fixed);
    compiled.set(dictionary, list);
  }
  return list;
}

/** The message in the dictionary's language, or the English text itself when it has no entry. */
export function translateMessage(english: string, dictionary: MessageDictionary | null | undefined): string {
  if (!dictionary || !english) return english;
  const exact = Object.prototype.hasOwnProperty.call(dictionary, english) ? dictionary[english] : undefined;
  if (exact !== undefined) return exact;
  for (const { pattern, names, translation } of templates(dictionary)) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return translation.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  }
  // Messages joined from parts ("Name: is required") translate part by part.
  const colon = english.indexOf(': ');
  if (colon > 0) {
    const head = translateMessage(english.slice(0, colon), dictionary);
    const tail = translateMessage(english.slice(colon + 2), dictionary);
    if (head !== english.slice(0, colon) || tail !== english.slice(colon + 2)) return `${head}: ${tail}`;
  }
  return english;
}
