import { type Kysely, sql } from 'kysely';

// An account's roles join the change feed of migration 062: after each statement on `account_roles`,
// one NOTIFY names the accounts whose roles changed, and every API process drops the roles it keeps for
// them (auth/roles.ts). A role granted or taken away counts on this process before the change returns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function account_roles_changed() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'INSERT' then
        perform member_answers_notify(array(select distinct user_id from new_rows));
      elsif TG_OP = 'UPDATE' then
        perform member_answers_notify(array(select user_id from new_rows union select user_id from old_rows));
      else
        perform member_answers_notify(array(select distinct user_id from old_rows));
      end if;
      return null;
    end
    $$`,
    )
    .execute(db);
  for (const [event, rows] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ] as const) {
    await sql
      .raw(
        `create trigger account_roles_answers_${event} after ${event} on account_roles referencing ${rows} for each statement execute function account_roles_changed()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const event of ['insert', 'update', 'delete'])
    await sql.raw(`drop trigger if exists account_roles_answers_${event} on account_roles`).execute(db);
  await sql.raw('drop function if exists account_roles_changed()').execute(db);
}
