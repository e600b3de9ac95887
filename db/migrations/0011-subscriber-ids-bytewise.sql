-- Subscriber ids are opaque (a keyed hash in base64url): they are matched, and sorted only to be
-- grouped, so bytewise order serves as well as any. Under the server's locale every comparison in
-- their unique keys and sorts goes through strcoll and PostgreSQL gives up abbreviated sort keys;
-- bytewise, a replay's build inserts into the key faster (ADR 20), and the ids
-- order the same on every server whatever its locale (PGlite's databases are "C" already).
alter table subscriber_keys alter column subscriber_id type text collate "C";
alter table subscribers alter column subscriber_id type text collate "C";
