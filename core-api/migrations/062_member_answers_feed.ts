import { type Kysely, sql } from 'kysely';

// Every change to what a farm member's lists show tells the API processes whose answers it touched:
// after each statement on a farm table (or a person's name or e-mail), one NOTIFY on
// `shambasoko_answers` names the users who are members of the farms the rows belong to. PostgreSQL
// delivers it at commit, to every listening connection, and folds identical payloads of one
// transaction into one. The API keeps those users' list answers in memory (db/change-feed.ts,
// modules/farm/common/answers.ts) and drops them on the message. A trigger sees every write, whatever
// code path made it: no route can forget to tell the cache.

/** Tables with a `farm_id` whose rows farm lists, the dashboard and the budget show. */
const FARM_TABLES = ['fields', 'seasons', 'crops', 'activities', 'harvests', 'crop_income', 'costs', 'budgets'];
/** More users than this in one message: "every answer" (a payload must stay under 8,000 bytes). */
const MAX_USERS = 150;

/**
 * The farm rows' trigger body: the members of the farms the changed rows name in `column` (any status:
 * an invitation's list changes too). Migration 066 replaces it (and puts it back on the way down).
 */
export const membersOf = (column: string) => `
    declare
      farms uuid[];
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct ${column}) into farms from new_rows;
      elsif TG_OP = 'UPDATE' then
        select array_agg(distinct f) into farms from (select ${column} as f from new_rows union select ${column} from old_rows) r;
      else
        select array_agg(distinct ${column}) into farms from old_rows;
      end if;
      perform member_answers_notify(
        (select array_agg(distinct user_id) from farm_members where farm_id = any(farms) and user_id is not null));
      return null;
    end`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create function member_answers_notify(users uuid[]) returns void language plpgsql as $$
    begin
      if users is null or cardinality(users) = 0 then return; end if;
      -- The transaction id makes each transaction's payload unique, so a process that hears one
      -- message on several of its connections can tell it is the same one.
      perform pg_notify('shambasoko_answers',
        case when cardinality(users) > ${MAX_USERS}
          then json_build_object('t', txid_current()::text, 'all', true)::text
          else json_build_object('t', txid_current()::text, 'u', users)::text
        end);
    end
    $$`,
    )
    .execute(db);

  // Rows with a farm, and a farm itself. A deleted farm's members are told by their own rows' deletion.
  await sql.raw(`create function member_answers_farm_rows() returns trigger language plpgsql as $$${membersOf('farm_id')}$$`).execute(db);
  await sql.raw(`create function member_answers_farms() returns trigger language plpgsql as $$${membersOf('id')}$$`).execute(db);

  // Memberships: the people on the rows (one who left is no longer in the table) and every member of
  // the farms (a team count, a new person's name in a list).
  await sql
    .raw(
      `create function member_answers_members() returns trigger language plpgsql as $$
    declare
      farms uuid[];
      people uuid[];
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct farm_id), array_agg(distinct user_id) filter (where user_id is not null) into farms, people from new_rows;
      elsif TG_OP = 'UPDATE' then
        select array_agg(distinct farm_id), array_agg(distinct user_id) filter (where user_id is not null) into farms, people
        from (select farm_id, user_id from new_rows union select farm_id, user_id from old_rows) r;
      else
        select array_agg(distinct farm_id), array_agg(distinct user_id) filter (where user_id is not null) into farms, people from old_rows;
      end if;
      perform member_answers_notify(array(
        select user_id from farm_members where farm_id = any(farms) and user_id is not null
        union select unnest(people)));
      return null;
    end
    $$`,
    )
    .execute(db);

  // A person's name or e-mail shows in the lists of everyone who shares a farm with them (assignees).
  await sql
    .raw(
      `create function member_answers_people() returns trigger language plpgsql as $$
    begin
      perform member_answers_notify(array(
        select distinct other.user_id from farm_members mine
        join farm_members other on other.farm_id = mine.farm_id and other.user_id is not null
        where mine.user_id = new.id));
      return null;
    end
    $$`,
    )
    .execute(db);

  const watch = async (table: string, fn: string) => {
    // A trigger with transition tables serves one event, hence three.
    await sql
      .raw(
        `create trigger ${table}_answers_insert after insert on ${table} referencing new table as new_rows for each statement execute function ${fn}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_answers_update after update on ${table} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_answers_delete after delete on ${table} referencing old table as old_rows for each statement execute function ${fn}()`,
      )
      .execute(db);
  };
  for (const table of FARM_TABLES) await watch(table, 'member_answers_farm_rows');
  await watch('farms', 'member_answers_farms');
  await watch('farm_members', 'member_answers_members');
  await sql
    .raw(
      `create trigger users_answers_update after update of full_name, email on users for each row
      when (old.full_name is distinct from new.full_name or old.email is distinct from new.email)
      execute function member_answers_people()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists users_answers_update on users').execute(db);
  for (const table of [...FARM_TABLES, 'farms', 'farm_members']) {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists ${table}_answers_${event} on ${table}`).execute(db);
  }
  for (const fn of ['member_answers_people', 'member_answers_members', 'member_answers_farms', 'member_answers_farm_rows'])
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  await sql.raw('drop function if exists member_answers_notify(uuid[])').execute(db);
}
