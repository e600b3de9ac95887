-- Shopper sessions (the guest cart's id lives here), shared by every server instance.
create table sessions (
  sid text primary key,
  data jsonb not null,
  expires_at timestamptz not null
);
create index sessions_expires_at on sessions (expires_at);
