// Compiles a translation catalog (locales/<lang>.json: key → ICU message) at build time, so the page
// ships Lingui's precompiled tokens and never the message parser.
import { compileMessage } from '@lingui/message-utils/compileMessage';

/** @param {string} source */
export function compileCatalog(source) {
  const catalog = JSON.parse(source);
  if (!catalog || typeof catalog !== 'object' || Array.isArray(catalog)) throw new Error('a catalog is a JSON object of key → message');
  const compiled = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`catalog key "${key}" is not a string`);
    compiled[key] = compileMessage(message);
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
