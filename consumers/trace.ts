// Everything one cause led to: the events it wrote, what each consumer did with them, and their mail.
import type { Queryable } from '../db/database.ts';
import { envelopeOf, eventCauseId } from '../eventstore/cause.ts';
import { traceIdOf } from '../eventstore/tracing.ts';
import { readCheckpoints } from '../eventstore/consumer-checkpoints.ts';
import { listDeadLetters } from '../eventstore/dead-letters.ts';
import {
  type LogCursor,
  type LoggedEvent,
  eventAt,
  eventsCorrelatedWith,
  laterOf,
  loggedStream,
} from '../eventstore/log-tail.ts';
import { type EventMailSend, mailSendsOfEvents } from '../eventstore/mail-sends.ts';
import type { Consumer } from './consumer.ts';

/** Where a trace starts: one event, every event of a stream, or a correlation (a request's or an invocation's id). */
export type TraceStart = { position: number } | { streamId: string } | { correlationId: string };

/** What a consumer did with an event, as far as its checkpoint, its dead letters and its mail say. */
export type ConsumerOutcome =
  | { outcome: 'handled' }
  | { outcome: 'waiting' }
  | { outcome: 'retrying'; attempts: number; error: string | null; retryAt: Date | null }
  | { outcome: 'parked' | 'queued for retry' | 'skipped'; attempts: number; error: string };

export type ConsumerTrace = ConsumerOutcome & { consumer: string; mails: EventMailSend[] };

export interface TracedEvent {
  event: LoggedEvent;
  correlationId: string;
  causationId: string | null;
  actor: string | null;
  /** The OpenTelemetry trace the event was written in, when one was recorded. */
  traceId: string | null;
  consumers: ConsumerTrace[];
}

export interface Trace {
  /** The correlations the start led to, in the order their first event was written. */
  correlations: string[];
  events: TracedEvent[];
  /** Whether more events matched than `limit`: the trace shows the first ones. */
  cut: boolean;
}

/** How many events a trace shows at most. */
export const TRACE_LIMIT = 1_000;

/** The correlation an event belongs to: its envelope's, or itself for an event written before envelopes. */
const correlationOf = (event: LoggedEvent) => envelopeOf(event).correlationId ?? eventCauseId(event);

async function startingEvents(db: Queryable, start: TraceStart): Promise<LoggedEvent[]> {
  if ('position' in start) {
    const event = await eventAt(db, start.position);
    return event ? [event] : [];
  }
  if ('streamId' in start) return loggedStream(db, start.streamId);
  return eventsCorrelatedWith(db, [start.correlationId], 1);
}

/** Whether a consumer standing at `checkpoint` has seen `event`: it stands at or after the event's cursor. */
const hasSeen = (checkpoint: LogCursor, event: LoggedEvent) => laterOf(checkpoint, event.cursor) === checkpoint;

/**
 * The trace of `start`: every event of the correlations its events belong to (up to `limit`), in log
 * order, each with what the consumers of its type did with it and the mail they sent for it. An empty
 * trace: nothing matches.
 */
export async function traceCause(
  db: Queryable,
  consumers: readonly Consumer[],
  start: TraceStart,
  limit = TRACE_LIMIT,
): Promise<Trace> {
  const seeds = await startingEvents(db, start);
  const correlations = [...new Set(seeds.map(correlationOf))];
  if (correlations.length === 0) return { correlations: [], events: [], cut: false };
  const found = await eventsCorrelatedWith(db, correlations, limit + 1);
  // Events written before envelopes are their own correlation: they come from the seeds.
  const byPosition = new Map([...seeds, ...found].map((event) => [event.position, event]));
  const events = [...byPosition.values()].sort((a, b) => a.position - b.position);
  const cut = events.length > limit;
  const shown = events.slice(0, limit);

  const positions = shown.map((e) => e.position);
  const names = consumers.map((c) => c.name);
  const [checkpoints, deadLetters, mails] = await Promise.all([
    readCheckpoints(db),
    listDeadLetters(db, undefined, { all: true }),
    mailSendsOfEvents(db, names, positions),
  ]);
  const outcomeOf = (consumer: Consumer, event: LoggedEvent): ConsumerOutcome => {
    const dead = deadLetters.find((d) => d.consumer === consumer.name && d.position === event.position);
    if (dead)
      return {
        outcome: dead.status === 'retry' ? 'queued for retry' : dead.status,
        attempts: dead.attempts,
        error: dead.error,
      };
    const checkpoint = checkpoints.find((c) => c.consumer === consumer.name);
    if (checkpoint?.failingPosition === event.position)
      return {
        outcome: 'retrying',
        attempts: checkpoint.failedAttempts,
        error: checkpoint.lastError,
        retryAt: checkpoint.retryAt,
      };
    return checkpoint && hasSeen(checkpoint.cursor, event) ? { outcome: 'handled' } : { outcome: 'waiting' };
  };

  const order = [...new Set(shown.map(correlationOf))];
  return {
    correlations: order,
    cut,
    events: shown.map((event) => {
      const { causationId, actor, traceparent } = envelopeOf(event);
      return {
        event,
        correlationId: correlationOf(event),
        causationId: causationId ?? null,
        actor: actor ?? null,
        traceId: traceIdOf(traceparent) ?? null,
        consumers: consumers
          .filter((consumer) => consumer.eventTypes.includes(event.type))
          .map((consumer) => ({
            consumer: consumer.name,
            ...outcomeOf(consumer, event),
            mails: mails.filter((m) => m.consumer === consumer.name && m.position === event.position),
          })),
      };
    }),
  };
}
