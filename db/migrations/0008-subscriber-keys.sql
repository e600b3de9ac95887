-- Crypto-shredding of subscriber addresses. Each subscriber's address is encrypted in the log with
-- its own key, kept only here: deleting the row makes every copy of the address unreadable.
create table subscriber_keys (
  -- Keyed hash of the normalised address (it names the stream `subscriber-<id>`).
  subscriber_id text primary key,
  key bytea not null,
  created_at timestamptz not null default now()
);

-- The one key subscriber ids are hashed with.
create table subscriber_lookup_key (
  id integer primary key check (id = 1),
  key bytea not null
);

-- The mailing list holds the sealed address too (the export opens it with the subscriber's key). The
-- subscribers projection's new version rebuilds it from the log once the old events are sealed.
drop table subscribers;
create table subscribers (
  subscriber_id text primary key,
  email_cipher text not null,
  subscribed_at timestamptz not null,
  position bigint not null
);
create index subscribers_subscribed_at on subscribers (subscribed_at, subscriber_id);
