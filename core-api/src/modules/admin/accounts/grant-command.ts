import { type DatabaseHandle, openDatabase, type OpenDatabaseOptions } from '../../../db/database';
import { DatabaseLockedError } from '../../../db/lock-file';
import { migrateToLatest } from '../../../db/migrate';
import { ApiError } from '../../../http/envelope';
import { setAdminRole } from './service';

export const API_RUNNING =
  'The database is in use by the running API. Stop `npm start` first and run this again, ' +
  'or sign in as an Admin and grant the role from the console.';

/**
 * `npm run admin:grant -- <email>`: the first Admin of an installation, granted on the server itself
 * (granted_by stays empty: no account did it). Answers the process exit code.
 */
export async function adminGrantCommand(
  args: readonly string[],
  target: OpenDatabaseOptions,
  out: { log(message: string): void; error(message: string): void } = console,
): Promise<number> {
  const email = args.find((a) => a !== '--')?.trim();
  if (!email || args.filter((a) => a !== '--').length !== 1) {
    out.error('Usage: npm run admin:grant -- <email>');
    return 1;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(target);
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      out.error(API_RUNNING);
      return 1;
    }
    throw error;
  }
  try {
    await migrateToLatest(database.db);
    const answer = await setAdminRole(database.db, email, true, null);
    out.log(`Granted Admin to ${answer.email}. Roles now: ${answer.roles.join(', ')}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    out.error(error.customerMessage);
    return 1;
  } finally {
    await database.close();
  }
}
