-- Orders: one row per OrderPlaced, what the confirmation and order tracking read. The number is
-- unique: a clash fails the order's append (the service draws another number), never overwrites.
-- `personal` is the sealed contact and shipping details (the customer's data key opens it).
create table orders (
  order_id uuid primary key,
  number text not null,
  customer_id text not null,
  placed_at timestamptz not null,
  lines jsonb not null,
  subtotal_cents integer not null,
  shipping_cents integer not null,
  discount_cents integer not null,
  total_cents integer not null,
  promo_code text,
  shipping_method text not null,
  personal text not null,
  status text not null default 'Processing',
  position bigint not null,
  constraint orders_number_unique unique (number)
);
create index orders_placed_at on orders (placed_at, order_id);

-- Stock: a variant's counted level (`seeded`, the catalogue's variants.stock when the row was made,
-- kept equal to it by the seed) plus what was received minus what orders took. The check runs in
-- the statement that appends an order: an order that would take a variant below zero fails it, and
-- nothing of it is recorded. No row: nothing moved yet, the stock is variants.stock.
create table stock_levels (
  variant_id integer primary key,
  seeded integer not null,
  received integer not null default 0,
  ordered integer not null default 0,
  position bigint not null,
  constraint stock_levels_never_below_zero check (seeded + received - ordered >= 0)
);
