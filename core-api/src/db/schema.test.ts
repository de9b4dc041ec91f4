import path from 'node:path';
import { migrateToLatest } from './migrate';
import { declaredSchema, introspectSchema, type SchemaShape } from './schema-check';
import { openTestDatabase, type TestDatabase } from '../testing/test-database';

// schema.ts is written by hand; this holds it to the migrated database: every table and column on
// both sides, with the same nullability and the same kind of value.

let database: TestDatabase;
let actual: SchemaShape;

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.handle.db);
  actual = await introspectSchema(database.handle.db);
}, 60_000);
afterAll(async () => database?.dispose());

it('schema.ts declares exactly the tables and columns the migrations create, with matching types', () => {
  const declared = declaredSchema(path.join(__dirname, 'schema.ts'));
  // Numeric columns are strings in both: name the class once so the diff below reads plainly.
  const normalise = (shape: SchemaShape) =>
    Object.fromEntries(
      Object.entries(shape)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([table, columns]) => [
          table,
          Object.fromEntries(
            Object.entries(columns)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, c]) => [name, `${c.class === 'numeric-string' ? 'text' : c.class}${c.nullable ? ' | null' : ''}`]),
          ),
        ]),
    );
  expect(normalise(declared)).toEqual(normalise(actual));
});

it('knows every column type the migrations use', () => {
  const unknown = Object.entries(actual).flatMap(([table, columns]) =>
    Object.entries(columns)
      .filter(([, c]) => c.class === 'unknown')
      .map(([name]) => `${table}.${name}`),
  );
  expect(unknown).toEqual([]);
});
