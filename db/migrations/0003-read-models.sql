-- Read models, written only by projections (inline with the append, or by a replay).

create table carts (
  cart_id uuid primary key,
  -- Last applied stream version: makes every projection write idempotent.
  version integer not null,
  position bigint not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index carts_updated on carts (updated_at desc);

create table cart_lines (
  line_id uuid primary key,
  cart_id uuid not null,
  product_id integer not null,
  variant_id integer not null,
  quantity integer not null check (quantity > 0),
  added_at timestamptz not null
);
create index cart_lines_cart on cart_lines (cart_id, added_at);

create table subscribers (
  email text primary key,
  subscribed_at timestamptz not null,
  position bigint not null
);
create index subscribers_subscribed_at on subscribers (subscribed_at, email);

-- Which version of each projection built its tables, and how far a replay got.
create table projection_state (
  name text primary key,
  version integer not null,
  position bigint not null,
  replayed_at timestamptz
);
