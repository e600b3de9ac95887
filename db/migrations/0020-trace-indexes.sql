-- Tracing a cause: the events one request, invocation or consumed event led to are found by the
-- correlation id their envelope carries, and a consumer's mail by the event its Message-ID names
-- (`<consumer>.<position>@…` or `<consumer>.<position>.<more>@…`).
create index events_correlation on events ((metadata ->> 'correlationId')) where metadata ? 'correlationId';
create index mail_sends_event on mail_sends (consumer, (substring(message_id from '^<[a-z-]+\.(\d+)[.@]')::bigint));
