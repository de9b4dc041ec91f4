import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';
import { catalogued } from './language';

/**
 * C0 controls other than tab, newline and carriage return, and DEL. None belongs in a name, a note
 * or a search; U+0000 in particular cannot be stored in PostgreSQL text (a 500 before this guard).
 */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const CONTROL_CHARACTERS_ALL = new RegExp(CONTROL_CHARACTERS.source, 'g');

/** Far deeper than any request of this API (three levels at most); deeper input is never meant. */
const MAX_INPUT_DEPTH = 32;

const NOT_ALLOWED = catalogued('contains characters that are not allowed');

// ES2024 string methods (Node 20 has them; the shared tsconfig's lib is older).
type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/** The text is refused when it holds a control character or a lone UTF-16 surrogate. */
function isAllowedText(text: string): boolean {
  return (text as Es2024String).isWellFormed() && !CONTROL_CHARACTERS.test(text);
}

interface Entry {
  value: unknown;
  key: string | number | null;
  parent: Entry | null;
  depth: number;
}

function pathOf(entry: Entry, whole: string): string {
  const keys: Array<string | number> = [];
  for (let e: Entry | null = entry; e !== null; e = e.parent) if (e.key !== null) keys.push(e.key);
  if (keys.length === 0) return whole;
  // A key that is itself refused is shown escaped, so the message never carries the bad characters.
  return keys
    .reverse()
    .map((key) => (typeof key === 'string' ? (key.replace(CONTROL_CHARACTERS_ALL, '?') as Es2024String).toWellFormed() : key))
    .join('.');
}

/**
 * Walks a parsed body, query or params object with an explicit stack (never recursion, so nesting
 * cannot overflow the call stack) and answers the first problem as "field: problem", or null.
 */
export function findInputProblem(input: unknown, whole: string): string | null {
  const stack: Entry[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      if (!isAllowedText(value)) return `${pathOf(entry, whole)}: ${NOT_ALLOWED}`;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (entry.depth >= MAX_INPUT_DEPTH) return `${pathOf(entry, whole)}: is nested too deeply`;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: i, parent: entry, depth: entry.depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i]!;
      const child: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry, depth: entry.depth + 1 };
      if (!isAllowedText(key)) return `${pathOf(child, whole)}: ${NOT_ALLOWED}`;
      stack.push(child);
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  // Params first: a bad id explains itself before the body does.
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const problem = findInputProblem(value, part);
    if (problem !== null) throw new ApiError(400, problem);
  }
}

/**
 * One guard for every route, signed in or not: refused text never reaches a schema, a pattern or the
 * database. JSON bodies must also be valid UTF-8, rather than having bad bytes turned into U+FFFD.
 */
export function registerInputGuard(app: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(new ApiError(400, 'The request body is not valid UTF-8 text.'), undefined);
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
