import { accountRoles } from '../../../auth/roles';
import { openDatabase } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { createTestUser } from '../../../testing/auth';
import { type TestDatabase, useTestDatabase } from '../../../testing/test-database';
import { API_RUNNING, adminGrantCommand } from './grant-command';

// The command opens the database the API uses; the test database stands in for it.
const testDatabase = useTestDatabase();
let database: TestDatabase;
beforeAll(async () => {
  database = testDatabase();
  await migrateToLatest(database.handle.db);
});

function output() {
  const lines = { log: [] as string[], error: [] as string[] };
  return { lines, out: { log: (m: string) => lines.log.push(m), error: (m: string) => lines.error.push(m) } };
}

// Embedded only: the PGlite lock is the case to prove; on PostgreSQL the command is the same code.
const embedded = process.env.DATABASE_URL === undefined || process.env.DATABASE_URL === '';
const test = embedded ? it : it.skip;

test('refuses to open the database while the API holds it, saying to stop npm start', async () => {
  const { lines, out } = output();
  expect(await adminGrantCommand(['--', 'someone@example.co.ke'], { dataDir: database.dataDir }, out)).toBe(1);
  expect(lines.error).toEqual([API_RUNNING]);
});

test('grants Admin to an existing account and says so; an unknown e-mail is an error', async () => {
  const user = await createTestUser(database.handle.db, 'secret-for-tests-only-0123456789abcdef', { roles: ['Buyer'] });
  const target = { dataDir: database.dataDir };
  await database.handle.close(); // as after stopping `npm start`

  const granted = output();
  expect(await adminGrantCommand(['--', user.email], target, granted.out)).toBe(0);
  expect(granted.lines.log).toEqual([`Granted Admin to ${user.email}. Roles now: Admin, Buyer.`]);

  const unknown = output();
  expect(await adminGrantCommand(['nobody@example.co.ke'], target, unknown.out)).toBe(1);
  expect(unknown.lines.error).toEqual(['No account uses nobody@example.co.ke. The person has to sign up first.']);

  const usage = output();
  expect(await adminGrantCommand([], target, usage.out)).toBe(1);
  expect(usage.lines.error).toEqual(['Usage: npm run admin:grant -- <email>']);

  const reopened = await openDatabase(target);
  try {
    expect(await accountRoles(reopened.db, user.id)).toEqual(['Admin', 'Buyer']);
  } finally {
    await reopened.close();
  }
});
