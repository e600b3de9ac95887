-- The append-only event log. One narrow table: every cart and subscription change is a row here.
create table events (
  position bigserial primary key,
  -- Commit order helper: a tailing reader goes by (transaction_id, position) below the snapshot xmin,
  -- because position alone is not commit order.
  transaction_id xid8 not null default pg_current_xact_id(),
  stream_id text not null,
  version integer not null check (version > 0),
  type text not null,
  data jsonb not null,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint events_stream_version unique (stream_id, version)
);

create index events_transaction_position on events (transaction_id, position);

create function events_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'the events table is append-only: % is not allowed', tg_op
    using errcode = 'restrict_violation';
end
$$;

create trigger events_no_update_or_delete before update or delete on events
  for each row execute function events_refuse_change();
create trigger events_no_truncate before truncate on events
  for each statement execute function events_refuse_change();
