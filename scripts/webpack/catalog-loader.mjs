// Compiles a translation catalog (locales/<lang>.json: key → ICU message) at build time, so the page
// ships precompiled tokens and never the message parser. The page's runtime
// (shared/src/i18n/format-message.ts) renders values, plurals, ordinals and selects: a message with
// another ICU format (number, date, time) fails the build instead of showing raw text.
import { compileMessage } from '@lingui/message-utils/compileMessage';

const RENDERED = new Set([undefined, 'plural', 'selectordinal', 'select']);

/** The first ICU format in `tokens` that the page's runtime does not render, if any. */
function unrenderedFormat(tokens) {
  if (!Array.isArray(tokens)) return null;
  for (const token of tokens) {
    if (!Array.isArray(token)) continue;
    const [, type, cases] = token;
    if (!RENDERED.has(type)) return type;
    for (const branch of Object.values(type ? (cases ?? {}) : {})) {
      const inner = unrenderedFormat(branch);
      if (inner) return inner;
    }
  }
  return null;
}

/** @param {string} source */
export function compileCatalog(source) {
  const catalog = JSON.parse(source);
  if (!catalog || typeof catalog !== 'object' || Array.isArray(catalog)) throw new Error('a catalog is a JSON object of key → message');
  const compiled = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`catalog key "${key}" is not a string`);
    compiled[key] = compileMessage(message);
    const format = unrenderedFormat(compiled[key]);
    if (format)
      throw new Error(`catalog key "${key}" uses the ICU format "${format}", which the page does not render: format the value in code`);
  }
  return compiled;
}

/** @this {{ resourcePath: string }} @param {string} source */
export default function catalogLoader(source) {
  try {
    return `export default ${JSON.stringify(compileCatalog(source))};`;
  } catch (error) {
    throw new Error(`${this.resourcePath}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
