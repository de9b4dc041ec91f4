// The rule behind http/english-in-code.test.ts: a string in server code that reads as English a person
// could see must be a catalogued text (found by message-sources.ts, with its Kiswahili), or sit in a
// catalog that holds both languages side by side (`{ en, sw }`), or be allowed here with a reason.
import path from 'node:path';
import ts from 'typescript';
import { scanServer, Sources, templateText, walk } from './message-sources';

export interface EnglishFinding {
  /** Repo-relative file and line. */
  where: string;
  text: string;
  /** What is missing: the Kiswahili of a catalogued text, or the catalog itself. */
  missing: 'kiswahili' | 'catalog';
}

const ROOT = path.resolve(__dirname, '../../..');

/** Reads as words: letters, perhaps an apostrophe or hyphen, perhaps closing punctuation. */
const WORD = /^[(“"']?[A-Za-z][a-z]*(?:['’-][A-Za-z]+)*[.,;:!?”"')]*$/;
/**
 * Machine text that happens to be words: SQL (a statement, Kysely's `table as t` and operators such as
 * `is not`; the `sql` tag is recognised by its tag), Content-Security-Policy and Cache-Control values,
 * event-stream frames, HTTP status lines and inline script.
 */
const MACHINE = [
  /^\s*(select|insert|update|delete|with|create|alter|drop|begin|commit|rollback|lock|listen|unlisten|notify|set)\s/i,
  /^[\w.]+ as \w+$/,
  /^\s*(is|is not|is distinct from|is not distinct from|not in|in|like|not like|ilike|not ilike|nulls (first|last)|asc|desc)\s*$/i,
  /^\s*[a-z-]+-(src|uri|ancestors|action)\b/,
  /^(public|private|no-cache|no-store)\b.*(max-age|no-cache|no-store|no-transform|immutable)/,
  /^(event|data|retry|id): /,
  /^HTTP\/\d/,
  /^\/\*.*\*\/$/,
  /\bfunction \(|=>|;\n/,
];

/**
 * An English sentence or phrase: after placeholders, HTML tags and entities are taken out, at least two
 * words of letters, and words are most of what is written (so not a URL, a MIME type, a header, a
 * format string, a CSS rule or a list of names).
 */
export function readsAsEnglish(raw: string): boolean {
  if (MACHINE.some((pattern) => pattern.test(raw))) return false;
  const text = raw
    .replace(/\{\d+\}|\{\w+\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ');
  const tokens = text.split(/\s+/).filter(Boolean);
  const words = tokens.filter((token) => WORD.test(token));
  return words.length >= 2 && words.length * 2 >= tokens.length;
}

/**
 * Whether `translated` is a translation of `english`, not the English let through by a loose template
 * ("{x} on {date}" turns "Finish paying 7 on our card partner's page" into "… tarehe our card …"):
 * at most half of its words stay.
 */
export function isTranslated(english: string, translated: string): boolean {
  if (translated === english) return false;
  const words = (text: string) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  const kept = new Set(words(translated));
  const source = words(english);
  return source.filter((word) => kept.has(word)).length * 2 <= source.length;
}

const LOG_LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);

/**
 * Written for operators: `log.info(…)`, `request.log.warn(…)`, `app.log.error(…)`, `logger.debug(…)`,
 * `lifecycleLog(log).info(…)`, `console.error`; and `new Error(…)` (any error class but ApiError), whose message goes to the
 * log only: the error handler shows a person the generic message for anything but an ApiError; and
 * texts marked `forOperators(…)`.
 */
function isOperatorCall(node: ts.Node): boolean {
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'forOperators') return true;
  if (ts.isNewExpression(node) && ts.isIdentifier(node.expression))
    return /Error$/.test(node.expression.text) && node.expression.text !== 'ApiError';
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  let target: ts.Expression = node.expression.expression;
  while (ts.isCallExpression(target) || ts.isNonNullExpression(target)) target = target.expression;
  const name = ts.isIdentifier(target) ? target.text : ts.isPropertyAccessExpression(target) ? target.name.text : '';
  if (name === 'console') return true;
  // `log`, `jobLog`, `processLogger`, `lifecycleLog(app.log)`.
  return LOG_LEVELS.has(node.expression.name.text) && /(^|[a-z])(log|logger)$/i.test(name);
}

const hasProperty = (object: ts.ObjectLiteralExpression, name: string) =>
  object.properties.some((p) => p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === name);

/** A literal in a catalog with both languages side by side: the English is catalogued in place, the other is Kiswahili. */
function inBilingualCatalog(node: ts.Node): boolean {
  for (let at: ts.Node = node; at.parent && !ts.isSourceFile(at.parent); at = at.parent) {
    const up = at.parent;
    if (ts.isPropertyAssignment(up) && ts.isIdentifier(up.name) && ['en', 'sw'].includes(up.name.text)) {
      const object = up.parent;
      if (ts.isObjectLiteralExpression(object) && hasProperty(object, 'en') && hasProperty(object, 'sw')) return true;
    }
  }
  return false;
}

/** Whether a literal is no text for a person to read in their language. */
function excluded(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent)) return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return true;
  if (
    ts.isCallExpression(parent) &&
    (parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(parent.expression) && parent.expression.text === 'require'))
  )
    return true;
  for (let at: ts.Node = node; at.parent; at = at.parent) {
    const up = at.parent;
    if (ts.isTaggedTemplateExpression(up) && /^sql\b/.test(up.tag.getText())) return true;
    if (isOperatorCall(up)) return true;
    if (ts.isSourceFile(up)) break;
  }
  return false;
}

/** An allowed text, or a file (or folder, ending in "/") whose texts all stay as written. */
const isAllowed = (allowed: Record<string, string>, file: string, text: string) =>
  Object.keys(allowed).some((key) => key === text || key === file || (key.endsWith('/') && file.startsWith(key)));

/**
 * Every literal in `files` that reads as English and is not catalogued: the scan of `sources` reached
 * it and `hasKiswahili` knows its text. `allowed` are texts (or files, or folders ending in "/") that stay English, each with its reason.
 */
export function englishInCode(
  sources: Sources,
  hasKiswahili: (text: string) => boolean,
  allowed: Record<string, string> = {},
): EnglishFinding[] {
  // Only the files asked about: the scan also reads the shared files they import.
  const files = sources.all().filter((file) => !/(^|\/)test-[\w-]+\.ts$/.test(file.fileName));
  const { literals } = scanServer(sources);
  const findings: EnglishFinding[] = [];
  for (const file of files) {
    walk(file, (node) => {
      const text =
        ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
          ? node.text
          : ts.isTemplateExpression(node)
            ? templateText(node)
            : undefined;
      if (text === undefined || !readsAsEnglish(text) || inBilingualCatalog(node)) return;
      const fileName = path.isAbsolute(file.fileName) ? path.relative(ROOT, file.fileName) : file.fileName;
      if (isAllowed(allowed, fileName, text)) return;
      const catalogued = literals.has(node);
      if (catalogued && hasKiswahili(text)) return;
      if (!catalogued && excluded(node)) return;
      const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      findings.push({ where: `${fileName}:${line}`, text, missing: catalogued ? 'kiswahili' : 'catalog' });
    });
  }
  return findings;
}
