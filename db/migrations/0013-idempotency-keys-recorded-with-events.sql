-- A write's Idempotency-Key is recorded with its events, in the append's own statement: the first
-- event of a keyed command carries the key's hash in its metadata, unique across the log. A retry
-- after a crash finds what the first attempt recorded (its stream) instead of running again; two
-- attempts racing on two instances trip this index, and the loser answers from what the winner
-- recorded. The idempotency_keys table keeps only finished answers (to replay them byte for byte).
create unique index events_idempotency_key on events ((metadata ->> 'idempotencyKey')) where metadata ? 'idempotencyKey';

-- Claims of running requests are gone: a row is an answer.
delete from idempotency_keys where status is null;
alter table idempotency_keys drop column locked_until;
alter table idempotency_keys alter column status set not null, alter column headers set not null, alter column body set not null;
