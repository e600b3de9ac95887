-- Back-in-stock alerts: per address and variant, whether an alert waits, and the sealed address to
-- write to. A row is never deleted (the projection contract); a fulfilled one keeps waiting = false.
create table stock_alerts (
  stream_id text primary key,
  variant_id integer not null,
  subscriber_id text,
  email_cipher text,
  waiting boolean not null,
  version integer not null,
  position bigint not null
);
-- What the mail reads on each receipt: the addresses waiting for that variant.
create index stock_alerts_waiting on stock_alerts (variant_id) where waiting;
