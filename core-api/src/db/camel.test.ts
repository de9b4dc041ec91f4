import { camel } from './camel';
import { migrateToLatest } from './migrate';
import { useTestDatabase } from '../testing/test-database';

describe('camel(db)', () => {
  const database = useTestDatabase();

  it('writes camelCase keys to snake_case columns and answers returning in camelCase', async () => {
    const { db } = database().handle;
    await migrateToLatest(db);
    const inserted = await camel(db)
      .insertInto('users')
      .values({ firebaseUid: 'uid-camel', email: 'camel@example.com', username: 'camel', fullName: 'Camel Case', msisdn: null })
      .returning(['id', 'firebaseUid', 'fullName', 'termsAccepted'])
      .executeTakeFirstOrThrow();
    expect(inserted).toEqual({ id: expect.any(String), firebaseUid: 'uid-camel', fullName: 'Camel Case', termsAccepted: false });

    await camel(db).updateTable('users').set({ firstName: 'Camel', termsVersion: 'v1' }).where('id', '=', inserted.id).execute();
    const stored = await db
      .selectFrom('users')
      .select(['firebase_uid', 'full_name', 'first_name', 'terms_version'])
      .where('id', '=', inserted.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ firebase_uid: 'uid-camel', full_name: 'Camel Case', first_name: 'Camel', terms_version: 'v1' });
  });
});
