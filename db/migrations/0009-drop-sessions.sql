-- Sessions live in a signed cookie now (no query per request): the table is no longer read or written.
drop table if exists sessions;
