-- Answers to writes sent with an Idempotency-Key, so a retried request gets the first answer instead
-- of being applied twice. Shared by every server instance; rows expire (purged by the sweeper).
create table idempotency_keys (
  -- Whose key: a hash of the session cookie, or of the client (address and user agent) before a session exists.
  scope text not null,
  key text not null,
  -- A hash of method, URL and body: the same key with another request is refused.
  fingerprint text not null,
  -- Null while the first request is still running.
  status integer,
  headers jsonb,
  body text,
  -- While running: until when the first request holds the key (a crashed server's claim lapses).
  locked_until timestamptz not null,
  expires_at timestamptz not null,
  primary key (scope, key)
);
create index idempotency_keys_expires_at on idempotency_keys (expires_at);
