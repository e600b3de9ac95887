-- Orders move after they are placed: shipped, delivered, cancelled, returned, refunded. The row keeps
-- its status, the shipment (carrier, tracking number, estimated delivery), what was refunded, its
-- history (each event's type and time) and the stream version applied last (a set applied again is
-- skipped). The orders projection's new version rebuilds the rows from the log.
alter table orders add column version integer not null default 1;
alter table orders add column shipping jsonb;
alter table orders add column refunded_cents integer not null default 0;
alter table orders add column history jsonb not null default '[]';
create index orders_status on orders (status);

-- Stock given back: a cancelled order's units and restocked returns. What can be sold is
-- counted + received − ordered + returned, never below zero.
alter table stock_levels add column returned integer not null default 0;
alter table stock_levels drop constraint stock_levels_never_below_zero;
alter table stock_levels add constraint stock_levels_never_below_zero check (seeded + received - ordered + returned >= 0);
