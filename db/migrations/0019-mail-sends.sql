-- What the mail consumers sent: a message is marked 'sending' (by the instance holding the consumer's
-- lease) before its SMTP transaction and 'sent' once the server accepted it. An event handled again
-- after a crash sends only what was in flight; a message marked 'sent' is not sent twice. No address:
-- the Message-ID names the consumer and the event.
create table mail_sends (
  message_id text primary key,
  consumer text not null,
  state text not null check (state in ('sending', 'sent')),
  -- Transactions begun for the message (more than one: a try refused, or a crash mid-send).
  attempts integer not null default 1,
  owner text not null,
  started_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_sends_sent_at on mail_sends (sent_at) where state = 'sent';
