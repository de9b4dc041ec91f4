import { type Kysely, sql } from 'kysely';
import { membersOf as before } from './062_member_answers_feed';

// Migration 062's triggers on farm rows, in one statement instead of three. After each statement on
// a farm table they collected the farms of the changed rows into an array, read those farms' members
// into another, then called `member_answers_notify` (a second PL/pgSQL function) with them. Each step
// is a statement of its own inside the trigger, and the trigger runs inside the writing statement,
// so while it holds the rows' locks: an activity edit took 0.26 ms with the trigger and 0.14 without
// (one connection, bench:farm's database); many edits of one row queue behind those locks. The
// members are now read straight from the changed rows, and the message sent in the same function:
// 0.19-0.20 ms an edit, and 2,920-3,124 edits a second of one row from 10 connections instead of
// 1,771-2,062. The message is the same: the same users, in the same order, in the same payload.

/** More users than this in one message: "every answer" (as migration 062). */
const MAX_USERS = 150;

/** The trigger body for rows whose farm is `column` (`farm_id`, or `id` for farms themselves). */
const membersOf = (column: string) => `
    declare
      users uuid[];
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct m.user_id) into users from farm_members m
        where m.farm_id in (select ${column} from new_rows) and m.user_id is not null;
      elsif TG_OP = 'UPDATE' then
        select array_agg(distinct m.user_id) into users from farm_members m
        where m.farm_id in (select ${column} from new_rows union all select ${column} from old_rows) and m.user_id is not null;
      else
        select array_agg(distinct m.user_id) into users from farm_members m
        where m.farm_id in (select ${column} from old_rows) and m.user_id is not null;
      end if;
      if users is null then return null; end if;
      perform pg_notify('shambasoko_answers',
        case when cardinality(users) > ${MAX_USERS}
          then json_build_object('t', txid_current()::text, 'all', true)::text
          else json_build_object('t', txid_current()::text, 'u', users)::text
        end);
      return null;
    end`;

async function define(db: Kysely<unknown>, body: (column: string) => string): Promise<void> {
  await sql
    .raw(`create or replace function member_answers_farm_rows() returns trigger language plpgsql as $$${body('farm_id')}$$`)
    .execute(db);
  await sql.raw(`create or replace function member_answers_farms() returns trigger language plpgsql as $$${body('id')}$$`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await define(db, membersOf);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await define(db, before);
}
