import { PostgresIntrospector } from 'kysely-codegen';
import type { Kysely } from 'kysely';
import ts from 'typescript';

type IntrospectedDb = Parameters<PostgresIntrospector['introspect']>[0]['db'];

/** What a column holds as the application sees it (after our pg type parsers). */
type ValueClass = 'text' | 'number' | 'numeric-string' | 'date' | 'boolean' | 'json' | 'unknown';

interface ColumnShape {
  class: ValueClass;
  nullable: boolean;
}

/** table -> column -> shape */
export type SchemaShape = Record<string, Record<string, ColumnShape>>;

// node-postgres' answers: int8 is a number because database.ts sets its parser; numeric stays a string.
const DB_CLASSES: Record<string, ValueClass> = {
  text: 'text',
  varchar: 'text',
  bpchar: 'text',
  uuid: 'text',
  citext: 'text',
  tsvector: 'text',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  numeric: 'numeric-string',
  // Calendar days are read as text (`col::text`, the farm repository's dateText), so declared as strings.
  date: 'text',
  timestamptz: 'date',
  timestamp: 'date',
  bool: 'boolean',
  json: 'json',
  jsonb: 'json',
};

/** The tables of the migrated database, read by kysely-codegen's PostgreSQL introspector. */
export async function introspectSchema<DB>(db: Kysely<DB>): Promise<SchemaShape> {
  const metadata = await new PostgresIntrospector().introspect({
    db: db as unknown as IntrospectedDb,
    excludePattern: 'kysely_migration*',
  });
  const shape: SchemaShape = {};
  for (const table of metadata.tables) {
    if (table.isView || table.schema !== 'public') continue;
    shape[table.name] = Object.fromEntries(
      table.columns.map((column) => [
        column.name,
        {
          class: column.isArray ? 'json' : column.enumValues ? 'text' : (DB_CLASSES[column.dataType] ?? 'unknown'),
          nullable: column.isNullable,
        },
      ]),
    );
  }
  return shape;
}

/**
 * The tables of the hand-written `Database` interface in `schemaFile`, read with the TypeScript
 * checker: a column's class is that of its select type (`ColumnType<S, …>` / `Generated<S>` give S).
 */
export function declaredSchema(schemaFile: string): SchemaShape {
  // Bundler resolution: schema.ts takes shared value types (PaymentMethod) from @shambasoko/contracts.
  const program = ts.createProgram([schemaFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`cannot read ${schemaFile}`);
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database');
  if (!database) throw new Error(`${schemaFile} declares no Database interface`);
  const shape: SchemaShape = {};
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    shape[table.name] = Object.fromEntries(
      tableType.getProperties().map((column) => {
        let type = checker.getTypeOfSymbolAtLocation(column, database);
        const select = type.getProperty('__select__');
        if (select) type = checker.getTypeOfSymbolAtLocation(select, database);
        return [column.name, shapeOf(checker, type)];
      }),
    );
  }
  return shape;
}

function shapeOf(checker: ts.TypeChecker, type: ts.Type): ColumnShape {
  const parts = type.isUnion() ? type.types : [type];
  const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
  const classes = new Set(parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))).map((t) => classOf(checker, t)));
  return { class: classes.size === 1 ? [...classes][0]! : 'unknown', nullable };
}

function classOf(checker: ts.TypeChecker, type: ts.Type): ValueClass {
  if (type.flags & ts.TypeFlags.StringLike) return 'text';
  if (type.flags & ts.TypeFlags.NumberLike) return 'number';
  if (type.flags & ts.TypeFlags.BooleanLike) return 'boolean';
  if (checker.typeToString(type) === 'Date') return 'date';
  if (type.flags & ts.TypeFlags.Object) return 'json';
  return 'unknown';
}
