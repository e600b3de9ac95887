-- A forgotten subscriber keeps a row without the sealed address or the time (a tombstone): the
-- rows' highest position is then the last log position the read model reflects, as for every
-- projection. A deleted row took the forget's position with it, and the model looked behind the log
-- (`/health/ready` answered 503 after any forget). The subscribers projection's new version
-- rebuilds the table from the log.
alter table subscribers alter column email_cipher drop not null, alter column subscribed_at drop not null;
alter table subscribers add constraint subscribers_forgotten_whole check ((email_cipher is null) = (subscribed_at is null));
