import { SpanKind } from '@opentelemetry/api';
import { causedBy, envelopeOf, withCause } from '../eventstore/cause.ts';
import { inSpan, linksTo } from '../eventstore/tracing.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { Database } from '../db/database.ts';
import type { RecordedEvent } from '../eventstore/streams.ts';
import type { Mailer } from './mail/mailer.ts';

/** Where a consumer reports what it does (pino's logger fits; the CLI writes lines to stderr). */
export interface ConsumerLog {
  info(context: object, message: string): void;
  warn(context: object, message: string): void;
  error(context: object, message: string): void;
}

/**
 * What a handler may use: the database (to read, never to hold a transaction across its I/O), the
 * event store (its commands go through the shop's one command path), the mail, the shop's address.
 */
export interface ConsumerContext {
  db: Database;
  store: EventStore;
  mailer: Mailer;
  /** The shop's public origin, for links in what it sends. */
  publicUrl: string;
  log: ConsumerLog;
}

/**
 * A consumer, declared once: it acts on events of `eventTypes` after they commit, at least once each.
 * A handler must be idempotent by the event (its position, or stream and version): after a crash the
 * batch in flight is delivered again. Mail sent through the context's mailer is recorded by Message-ID
 * (sending, then sent), so an event handled again sends only the message that was in flight. A handler that throws is tried again with backoff, then the
 * event is parked as a dead letter and the consumer goes on.
 */
export interface Consumer {
  /** Stable: the checkpoint, the lease and the dead letters are kept under it. */
  name: string;
  eventTypes: readonly string[];
  /**
   * Where a consumer that never ran starts: `now` passes over the log so far (a new mail must not go to
   * everyone who ever subscribed), `beginning` acts on all of it.
   */
  startAt: 'now' | 'beginning';
  handle(event: RecordedEvent, context: ConsumerContext): Promise<void>;
}

/**
 * A consumer's handling of an event, with the event as the cause of what it writes: the event's
 * correlation goes on, the event is the causation, the consumer the actor. Traced as a span of its own
 * trace (the request that wrote the event may have ended long ago), linked to the span it was written in.
 */
export function handleEvent(consumer: Consumer, event: RecordedEvent, context: ConsumerContext): Promise<void> {
  const settings = {
    kind: SpanKind.CONSUMER,
    root: true,
    links: linksTo(envelopeOf(event).traceparent),
    attributes: {
      'dino.consumer': consumer.name,
      'dino.event.type': event.type,
      'dino.event.position': event.position,
      'dino.event.stream': event.streamId,
    },
  };
  return inSpan(`consume ${consumer.name} ${event.type}`, settings, () =>
    withCause(causedBy(event, `consumer:${consumer.name}`), () => consumer.handle(event, context)),
  );
}
