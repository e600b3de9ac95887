-- The catalogue: written only by `dino-shop seed`, read into memory by the server.
create table categories (
  id serial primary key,
  slug text not null unique,
  name text not null,
  description text not null,
  image_url text not null,
  sort_order integer not null
);

create table products (
  id integer primary key,
  slug text not null unique,
  name text not null,
  description text not null,
  price_cents integer not null check (price_cents >= 0),
  image_url text not null,
  collection text,
  best_seller boolean not null default false,
  featured boolean not null default false
);

create table product_categories (
  product_id integer not null references products (id) on delete cascade,
  category_id integer not null references categories (id) on delete cascade,
  primary key (category_id, product_id)
);

create table variants (
  id integer primary key,
  product_id integer not null references products (id) on delete cascade,
  size text not null,
  color text not null,
  color_hex text not null,
  stock integer not null check (stock >= 0),
  sort_order integer not null
);
create index variants_product on variants (product_id, sort_order);

create table testimonials (
  id serial primary key,
  name text not null,
  species text not null,
  age integer not null,
  rating numeric(2, 1) not null check (rating between 0 and 5),
  comment text not null,
  image_url text not null
);

-- One row: which catalogue is loaded. `version` is bumped by every seed that changes something, and
-- servers reload their in-memory copy when it moves (NOTIFY catalogue_changed, plus a poll).
create table catalogue_state (
  singleton boolean primary key default true check (singleton),
  version integer not null,
  checksum text not null,
  seeded_at timestamptz not null default now()
);
