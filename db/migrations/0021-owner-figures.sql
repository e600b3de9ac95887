-- The owner's figures (`dino-shop report`), kept by projections so a report reads a few indexed rows
-- rather than the log.
--
-- An order names the cart it came from: a cart's fate (ordered, emptied, left holding lines) is read
-- by joining the two read models.
alter table orders add column cart_id uuid;
create index orders_cart on orders (cart_id);
-- Carts by the time they were started: a report's cohort.
create index carts_created on carts (created_at);

-- One row per line taken out of a cart: which product and variant, and when.
create table cart_removals (
  cart_id uuid not null,
  line_id text not null,
  product_id integer not null,
  variant_id integer not null,
  removed_at timestamptz not null,
  position bigint not null,
  primary key (cart_id, line_id)
);
create index cart_removals_at on cart_removals (removed_at);

-- One row per refund: the money given back, on the day it was given (not the day of the order).
create table order_refunds (
  order_id uuid not null,
  version integer not null,
  amount_cents integer not null,
  refunded_at timestamptz not null,
  position bigint not null,
  primary key (order_id, version)
);
create index order_refunds_at on order_refunds (refunded_at);
