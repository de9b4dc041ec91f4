import { type Kysely, sql } from 'kysely';

// Money per part (issue 38): each seller's part carries its share of the order's discount, so a part's
// amount (subtotal − discount + delivery fee) is known and the parts add up to the order's total. What
// is still due is then the sum of the parts awaiting payment, and a seller's bank confirmation pays
// their own part only: such a payment names the part it paid.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_fulfilments add column discount bigint not null default 0 check (discount >= 0)`.execute(db);

  // Existing orders: the discount spread over the parts in proportion to their subtotals (rounded
  // down), the shillings left over one each to the largest parts.
  await sql`
    with ranked as (
      select f.id, f.order_id, o.discount as order_discount,
             case when sum(f.subtotal) over w = 0 then 0 else (o.discount * f.subtotal) / (sum(f.subtotal) over w)::bigint end as share,
             row_number() over (partition by f.order_id order by f.subtotal desc, f.id) as rank
      from order_fulfilments f join orders o on o.id = f.order_id
      where o.discount > 0
      window w as (partition by f.order_id)
    ), shared as (
      select id, share + case when rank <= order_discount - sum(share) over (partition by order_id) then 1 else 0 end as discount
      from ranked
    )
    update order_fulfilments f set discount = shared.discount from shared where f.id = shared.id
  `.execute(db);

  // Orders from before per-seller fees (020) kept their fee on the order only: the largest part takes
  // what its parts lack, so every order's parts add up to its total.
  await sql`
    with ranked as (
      select f.id, o.delivery_fee - (sum(f.delivery_fee) over (partition by f.order_id))::bigint as missing,
             row_number() over (partition by f.order_id order by f.subtotal desc, f.id) as rank
      from order_fulfilments f join orders o on o.id = f.order_id
    )
    update order_fulfilments f set delivery_fee = f.delivery_fee + ranked.missing
    from ranked where f.id = ranked.id and ranked.rank = 1 and ranked.missing > 0
  `.execute(db);

  // The part a seller's bank confirmation paid; null for a payment of every part waiting at the time.
  await sql`alter table payments add column fulfilment_id uuid references order_fulfilments(id) on delete set null`.execute(db);
  // Paid once: each part by its own confirmation, and the order by at most one payment of what waited.
  await sql`drop index payments_one_paid_per_order`.execute(db);
  await sql`create unique index payments_one_paid_per_order on payments (order_id) where status = 'paid' and fulfilment_id is null`.execute(
    db,
  );
  await sql`create unique index payments_one_paid_per_part on payments (fulfilment_id) where status = 'paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payments_one_paid_per_part`.execute(db);
  await sql`drop index payments_one_paid_per_order`.execute(db);
  await sql`alter table payments drop column fulfilment_id`.execute(db);
  await sql`create unique index payments_one_paid_per_order on payments (order_id) where status = 'paid'`.execute(db);
  await sql`alter table order_fulfilments drop column discount`.execute(db);
}
