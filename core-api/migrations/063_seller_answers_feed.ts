import { type Kysely, sql } from 'kysely';

// The seller's sales list joins the change feed of migration 062: after each statement on a table its
// rows come from, one NOTIFY on `shambasoko_answers` names the users who run the shops those rows belong
// to, and every API process drops the sales answers it keeps for them (modules/market/fulfilments).
// The exception is a checkout's new parts (below).

type Event = 'insert' | 'update' | 'delete';
const EVENTS: readonly Event[] = ['insert', 'update', 'delete'];

export async function up(db: Kysely<unknown>): Promise<void> {
  // The users who run these shops, told through migration 062's notify.
  await sql
    .raw(
      `create function seller_answers_notify(shops uuid[]) returns void language plpgsql as $$
    begin
      perform member_answers_notify((select array_agg(distinct user_id) from sellers where id = any(shops)));
    end
    $$`,
    )
    .execute(db);

  // The shops of the changed rows: `shops` turns the distinct values of `column` (an array named keys)
  // into shop ids.
  const shopsOfRows = (column: string, shops: string) => `
    declare
      keys uuid[];
    begin
      if TG_OP = 'INSERT' then
        select array_agg(distinct ${column}) into keys from new_rows;
      elsif TG_OP = 'UPDATE' then
        select array_agg(distinct k) into keys from (select ${column} as k from new_rows union select ${column} from old_rows) r;
      else
        select array_agg(distinct ${column}) into keys from old_rows;
      end if;
      perform seller_answers_notify(${shops});
      return null;
    end`;
  // Rows that name their shop (a part of an order, an order line, a dispute), the shop itself, and a
  // part's timeline (through its part).
  await sql
    .raw(`create function seller_answers_by_seller() returns trigger language plpgsql as $$${shopsOfRows('seller_id', 'keys')}$$`)
    .execute(db);
  await sql
    .raw(`create function seller_answers_sellers() returns trigger language plpgsql as $$${shopsOfRows('id', 'keys')}$$`)
    .execute(db);
  await sql
    .raw(
      `create function seller_answers_events() returns trigger language plpgsql as $$${shopsOfRows(
        'fulfilment_id',
        '(select array_agg(distinct seller_id) from order_fulfilments where id = any(keys))',
      )}$$`,
    )
    .execute(db);
  // An order's number, payment method, delivery or address, edited: its shops. Row by row, and only when
  // one of those moved: a step changes the order's status with every part, whose own trigger tells.
  await sql
    .raw(
      `create function seller_answers_order() returns trigger language plpgsql as $$
    begin
      perform seller_answers_notify((select array_agg(seller_id) from order_fulfilments where order_id = new.id));
      return null;
    end
    $$`,
    )
    .execute(db);

  // A person's new name shows in the timelines and disputes of the shops they acted on.
  await sql
    .raw(
      `create function seller_answers_people() returns trigger language plpgsql as $$
    begin
      perform seller_answers_notify(array(
        select f.seller_id from fulfilment_events e join order_fulfilments f on f.id = e.fulfilment_id where e.actor_id = new.id
        union select seller_id from disputes where buyer_id = new.id));
      return null;
    end
    $$`,
    )
    .execute(db);

  const watch = async (table: string, fn: string, events: readonly Event[]) => {
    for (const event of events) {
      const rows =
        event === 'insert'
          ? 'new table as new_rows'
          : event === 'update'
            ? 'old table as old_rows new table as new_rows'
            : 'old table as old_rows';
      await sql
        .raw(
          `create trigger ${table}_answers_${event} after ${event} on ${table} referencing ${rows} for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
  };
  // A new part is a checkout's: the checkout tells every process after its commit (orders/service.ts,
  // answersChangedEverywhere). A NOTIFY inside the order's transaction serialised checkouts at commit:
  // bench:load went from 804 to 627 req/s, its p50 from 6 to 162 ms.
  await watch('order_fulfilments', 'seller_answers_by_seller', ['update', 'delete']);
  await watch('disputes', 'seller_answers_by_seller', EVENTS);
  await watch('sellers', 'seller_answers_sellers', EVENTS);
  // An order's lines and a part's timeline are only ever inserted with the part itself (checkout, a
  // step), which tells: one message per order or step instead of three. Edits and deletions of them,
  // which no route makes, still tell.
  await watch('order_items', 'seller_answers_by_seller', ['update', 'delete']);
  await watch('fulfilment_events', 'seller_answers_events', ['update', 'delete']);
  await sql
    .raw(
      `create trigger orders_seller_answers_update after update of number, payment_method, shipping, delivery on orders for each row
      when (old.number is distinct from new.number or old.payment_method is distinct from new.payment_method
        or old.shipping is distinct from new.shipping or old.delivery is distinct from new.delivery)
      execute function seller_answers_order()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger users_seller_answers_update after update of full_name, email on users for each row
      when (old.full_name is distinct from new.full_name or old.email is distinct from new.email)
      execute function seller_answers_people()`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop trigger if exists users_seller_answers_update on users').execute(db);
  await sql.raw('drop trigger if exists orders_seller_answers_update on orders').execute(db);
  for (const table of ['order_fulfilments', 'order_items', 'disputes', 'sellers', 'fulfilment_events']) {
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger if exists ${table}_answers_${event} on ${table}`).execute(db);
  }
  for (const fn of [
    'seller_answers_people',
    'seller_answers_order',
    'seller_answers_events',
    'seller_answers_sellers',
    'seller_answers_by_seller',
  ])
    await sql.raw(`drop function if exists ${fn}()`).execute(db);
  await sql.raw('drop function if exists seller_answers_notify(uuid[])').execute(db);
}
