// Finds, by reading the source, every English message a person can be shown from the server or the
// contracts, so a test can ask the Kiswahili dictionary for each. Expressions are followed by name
// (constants, object entries, helpers' return values, a parameter back to its callers' arguments);
// an interpolation becomes a "{n}" placeholder, as in the dictionary's templates.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../../..');

export interface FoundMessage {
  /** English, with "{0}", "{1}"… where the source interpolates. */
  text: string;
  /** Repo-relative file and line, for the failure message. */
  where: string;
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'testing' ? [] : listFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

export class Sources {
  private readonly files = new Map<string, ts.SourceFile>();

  /** Files by path; `texts` gives some of them as source text instead (a test's fixture). */
  constructor(paths: string[], texts: Record<string, string> = {}) {
    for (const [file, text] of Object.entries(texts)) this.files.set(file, ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
    for (const file of paths) this.load(file);
  }

  load(file: string): ts.SourceFile | undefined {
    let source = this.files.get(file);
    if (!source && fs.existsSync(file)) {
      source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
      this.files.set(file, source);
    }
    return source;
  }

  all(): ts.SourceFile[] {
    return [...this.files.values()];
  }
}

/** A template's text with "{0}", "{1}"… where it interpolates. */
export const templateText = (node: ts.TemplateExpression): string =>
  node.head.text + node.templateSpans.map((span, i) => `{${i}}${span.literal.text}`).join('');

export const walk = (node: ts.Node, visit: (node: ts.Node) => void): void => {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
};

/** Turns expressions into the message texts they can produce. */
class Resolver {
  private readonly active = new Set<ts.Node>();
  /** Every string literal and template a message was read from. */
  readonly literals = new Set<ts.Node>();

  constructor(private readonly sources: Sources) {}

  texts(node: ts.Expression | undefined): string[] {
    if (!node || this.active.has(node)) return [];
    this.active.add(node);
    try {
      return this.textsOf(node);
    } finally {
      this.active.delete(node);
    }
  }

  private textsOf(node: ts.Expression): string[] {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      this.literals.add(node);
      return [node.text];
    }
    if (ts.isTemplateExpression(node)) {
      this.literals.add(node);
      return [templateText(node)];
    }
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return this.texts(node.expression);
    if (ts.isConditionalExpression(node)) return [...this.texts(node.whenTrue), ...this.texts(node.whenFalse)];
    if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind)) {
      return [...this.texts(node.left), ...this.texts(node.right)];
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return this.returned(node);
    if (ts.isObjectLiteralExpression(node)) {
      // `{ en, sw }` holds both languages itself (texts.ts, papers/words.ts): no dictionary entry to ask for.
      const names = node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : ''));
      if (names.includes('en') && names.includes('sw')) return [];
      return node.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? this.texts(p.initializer) : []));
    }
    if (ts.isIdentifier(node)) return this.identifier(node);
    if (ts.isPropertyAccessExpression(node)) return this.member(node.expression, node.name.text);
    if (ts.isElementAccessExpression(node)) return this.member(node.expression, undefined);
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'toLowerCase') {
      return this.texts(node.expression.expression).map((text) => text.toLowerCase());
    }
    if (ts.isCallExpression(node)) {
      const callee = ts.isIdentifier(node.expression) ? this.declaration(node.expression) : undefined;
      return callee ? this.texts(callee) : [];
    }
    return [];
  }

  private returned(fn: ts.FunctionLikeDeclaration): string[] {
    if (!fn.body) return [];
    if (!ts.isBlock(fn.body)) return this.texts(fn.body);
    const found: string[] = [];
    walk(fn.body, (n) => {
      if (ts.isReturnStatement(n)) found.push(...this.texts(n.expression));
    });
    return found;
  }

  /** `X.name` (or `X[key]` when name is undefined): the entry of an object constant, else all of them. */
  private member(object: ts.Expression, name: string | undefined): string[] {
    let value = ts.isIdentifier(object) ? this.declaration(object) : undefined;
    while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)))
      value = value.expression;
    if (!value || !ts.isObjectLiteralExpression(value)) return [];
    const entry = value.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && name !== undefined && (p.name as ts.Identifier).text === name,
    );
    return entry ? this.texts(entry.initializer) : this.texts(value);
  }

  private identifier(node: ts.Identifier): string[] {
    const parameter = this.parameterOf(node);
    if (parameter) return this.callerArguments(parameter);
    // A `let` takes its later values too: `flag = \`...\``.
    const assigned: string[] = [];
    walk(node.getSourceFile(), (n) => {
      if (
        ts.isBinaryExpression(n) &&
        n.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(n.left) &&
        n.left.text === node.text
      ) {
        assigned.push(...this.texts(n.right));
      }
    });
    return [...this.texts(this.declaration(node)), ...assigned];
  }

  /** The value a name was declared with: in its own file, or the file it is imported from. */
  declaration(node: ts.Identifier, file = node.getSourceFile()): ts.Expression | undefined {
    const name = node.text;
    let found: ts.Expression | undefined;
    walk(file, (n) => {
      if (found) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer) found = n.initializer;
      if (ts.isFunctionDeclaration(n) && n.name?.text === name && n.body)
        found = ts.factory.createArrowFunction(undefined, undefined, [], undefined, undefined, n.body);
    });
    if (found) return found;
    for (const statement of file.statements) {
      if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      const specifier = bindings.elements.find((e) => e.name.text === name);
      if (!specifier) continue;
      const target = this.moduleFile(file.fileName, statement.moduleSpecifier.text);
      const source = target && this.sources.load(target);
      const original = specifier.propertyName?.text ?? name;
      return source ? this.declaration(ts.factory.createIdentifier(original), source) : undefined;
    }
    // An index module: `export * from './x'`.
    for (const statement of file.statements) {
      if (!ts.isExportDeclaration(statement) || statement.exportClause || !statement.moduleSpecifier) continue;
      const target = this.moduleFile(file.fileName, (statement.moduleSpecifier as ts.StringLiteral).text);
      const source = target && this.sources.load(target);
      const value = source && this.declaration(ts.factory.createIdentifier(name), source);
      if (value) return value;
    }
    return undefined;
  }

  private moduleFile(from: string, specifier: string): string | undefined {
    const base = specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : specifier.startsWith('@shambasoko/contracts/')
        ? path.join(ROOT, 'contracts/src', specifier.slice('@shambasoko/contracts/'.length))
        : undefined;
    if (!base) return undefined;
    return [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => fs.existsSync(candidate));
  }

  /** The parameter a name refers to, with its function's name and its position. */
  private parameterOf(node: ts.Identifier): { fn: string; index: number; fallback?: ts.Expression } | undefined {
    for (let scope: ts.Node | undefined = node.parent; scope; scope = scope.parent) {
      if (!ts.isFunctionLike(scope)) continue;
      const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === node.text);
      if (index < 0) continue;
      const fnName = ts.isFunctionDeclaration(scope)
        ? scope.name?.text
        : ts.isVariableDeclaration(scope.parent) && ts.isIdentifier(scope.parent.name)
          ? scope.parent.name.text
          : undefined;
      return fnName ? { fn: fnName, index, fallback: scope.parameters[index]?.initializer } : undefined;
    }
    return undefined;
  }

  private callerArguments({ fn, index, fallback }: { fn: string; index: number; fallback?: ts.Expression }): string[] {
    const found = this.texts(fallback);
    for (const call of calls(this.sources, (name) => name === fn)) found.push(...this.texts((call.arguments ?? [])[index]));
    return found;
  }
}

/** Calls whose callee (a name, or the last name of `a.b.name`) passes the test. */
function calls(sources: Sources, test: (name: string, node: ts.CallExpression | ts.NewExpression) => boolean) {
  const found: Array<ts.CallExpression | ts.NewExpression> = [];
  for (const file of sources.all()) {
    walk(file, (n) => {
      if (!ts.isCallExpression(n) && !ts.isNewExpression(n)) return;
      const callee = n.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name !== undefined && test(name, n)) found.push(n);
    });
  }
  return found;
}

const whereOf = (node: ts.Node): string => {
  const file = node.getSourceFile();
  return `${path.relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

function collect(resolver: Resolver, nodes: Array<ts.Expression | undefined>): FoundMessage[] {
  return nodes.flatMap((node) => (node ? resolver.texts(node).map((text) => ({ text, where: whereOf(node) })) : []));
}

/** Where core-api's texts are written: the server and the sandboxes that stand in for providers. */
export const serverFiles = (): string[] => ['core-api/src', 'core-api/sandbox'].flatMap((dir) => listFiles(path.join(ROOT, dir)));

/** A snake_case name (a column, a kind) under a `message:` key is no text a person reads. */
const isName = (text: string) => /^[a-z]+(_[a-z]+)+$/.test(text);

/** The call shapes that mark a text for the catalog: `translateFor(english, language)`, `catalogued(english)`. */
const MARKERS: Record<string, number> = { translateFor: 0, catalogued: 0 };

/**
 * core-api: what `new ApiError(status, message)`, `ok(body, message)` and `fail(message)` say, the
 * messages of rate limits (`message:`) and of Fastify's own errors (FASTIFY_MESSAGES), notifications,
 * and the texts marked by `translateFor` or `catalogued`; with the literals they were read from.
 */
export function scanServer(sources: Sources): { messages: FoundMessage[]; literals: Set<ts.Node> } {
  const resolver = new Resolver(sources);
  const nodes: Array<ts.Expression | undefined> = [];
  const named: Array<ts.Expression | undefined> = [];
  for (const call of calls(sources, (name) => ['ApiError', 'ok', 'fail'].includes(name))) {
    const args = call.arguments ?? [];
    const name = ts.isIdentifier(call.expression) ? call.expression.text : '';
    nodes.push(name === 'fail' ? args[0] : args[1]);
  }
  for (const call of calls(sources, (name, n) => name in MARKERS && ts.isIdentifier(n.expression))) {
    nodes.push((call.arguments ?? [])[MARKERS[(call.expression as ts.Identifier).text] ?? 0]);
  }
  // Notifications: their title and body (shorthand `{ title }` included), in `notify(db, n)` and `notice(n)`.
  for (const call of calls(sources, (name) => name === 'notify' || name === 'notice')) {
    const callee = call.expression;
    const notice = (call.arguments ?? [])[ts.isIdentifier(callee) && callee.text === 'notice' ? 0 : 1];
    if (!notice || !ts.isObjectLiteralExpression(notice)) continue;
    for (const p of notice.properties) {
      const name = p.name && ts.isIdentifier(p.name) ? p.name.text : '';
      if (name === 'words' && ts.isPropertyAssignment(p)) nodes.push(p.initializer);
      if (name !== 'title' && name !== 'body') continue;
      if (ts.isPropertyAssignment(p)) nodes.push(p.initializer);
      if (ts.isShorthandPropertyAssignment(p)) nodes.push(p.name);
    }
  }
  for (const file of sources.all()) {
    walk(file, (n) => {
      if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && ['message', 'customerMessage', 'messages'].includes(n.name.text)) {
        (n.name.text === 'message' ? named : nodes).push(n.initializer);
      }
      // Constants of texts: `*_MESSAGES` and `*_WORDS` (a payment's status words, a step's hint).
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && /_(MESSAGES?|WORDS)$/.test(n.name.text)) nodes.push(n.initializer);
    });
  }
  const messages = [...collect(resolver, nodes), ...collect(resolver, named).filter((m) => !isName(m.text))];
  return { messages, literals: resolver.literals };
}

/** core-api/src's messages (the sandboxes answer in their providers' own shapes and words). */
export function serverMessages(): FoundMessage[] {
  return scanServer(new Sources(listFiles(path.join(ROOT, 'core-api/src')))).messages;
}

/** zod's checks and refinements that take a message as their last argument. */
const CHECKS_WITH_MESSAGE = new Set(
  ['min', 'max', 'length', 'gt', 'gte', 'lt', 'lte', 'positive', 'negative', 'nonnegative', 'nonpositive', 'int'].concat([
    'regex',
    'refine',
    'email',
    'url',
    'uuid',
    'nonempty',
  ]),
);

/**
 * The contracts: zod `error`/`message` options, the message argument of checks and refinements,
 * string defaults of the message parameters of field helpers and the messages passed to them;
 * plus the identity fallbacks and the API client's own two messages.
 */
export function contractMessages(): FoundMessage[] {
  const contracts = listFiles(path.join(ROOT, 'contracts/src'));
  const extra = ['shared/src/identity/errors.ts', 'shared/src/api/client.ts'].map((file) => path.join(ROOT, file));
  const sources = new Sources([...contracts, ...extra]);
  const resolver = new Resolver(sources);
  const nodes: Array<ts.Expression | undefined> = [];
  const helpers = new Set<string>();
  for (const file of sources.all().filter((f) => contracts.includes(f.fileName))) {
    walk(file, (n) => {
      if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && ['message', 'error'].includes(n.name.text)) nodes.push(n.initializer);
      if (ts.isParameter(n) && n.initializer && ts.isStringLiteral(n.initializer)) {
        nodes.push(n.initializer);
        const fn = n.parent;
        if (ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) helpers.add(fn.parent.name.text);
      }
      if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && CHECKS_WITH_MESSAGE.has(n.expression.name.text)) {
        const last = n.arguments[n.arguments.length - 1];
        if (last && !ts.isNumericLiteral(last) && !ts.isArrowFunction(last)) nodes.push(last);
      }
    });
  }
  for (const call of calls(sources, (name) => helpers.has(name))) {
    nodes.push(...(call.arguments ?? []).filter((a) => ts.isStringLiteral(a) || ts.isTemplateExpression(a)));
  }
  for (const source of sources.all()) {
    walk(source, (n) => {
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && /MESSAGES?$/.test(n.name.text)) nodes.push(n.initializer);
    });
  }
  return collect(resolver, nodes);
}
