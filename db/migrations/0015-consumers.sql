-- Consumers: what must happen after an event commits (mail) reads the log on its own, from a
-- checkpoint of its own. The log already carries each event's transaction id (0001): a consumer reads
-- by (transaction_id, position) below the oldest transaction still running, so an event that commits
-- after a later position was read is never skipped.

-- One row per consumer: how far it has handled the log, who runs it (the lease), and the event it is
-- retrying, if any.
create table consumer_checkpoints (
  consumer text primary key,
  transaction_id xid8 not null default '0',
  position bigint not null default 0,
  -- The instance running the consumer, until lease_expires_at: another takes over only after that.
  lease_owner text,
  lease_expires_at timestamptz,
  -- The event at the head of the consumer that failed, how often, and why (cleared once it is handled).
  failing_position bigint,
  failed_attempts integer not null default 0,
  last_error text,
  retry_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Events a consumer gave up on after its tries (parked), an operator asked to try again (retry), or
-- told it to pass over (skipped, kept as a record).
create table consumer_dead_letters (
  consumer text not null,
  position bigint not null,
  stream_id text not null,
  type text not null,
  attempts integer not null,
  error text not null,
  status text not null default 'parked' check (status in ('parked', 'retry', 'skipped')),
  parked_at timestamptz not null default now(),
  primary key (consumer, position)
);
