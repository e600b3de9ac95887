// Why an event was written, on whose behalf and from which request: the envelope every event carries.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { NewEvent, RecordedEvent } from './streams.ts';
import { currentTraceparent } from './tracing.ts';

/**
 * The cause of the writes made while it is current. Never personal data: a shopper is a pseudonym, an
 * operator a login and a host (or what they said), a consumer its name.
 */
export interface Cause {
  /** What started it all: an HTTP request's id, a CLI invocation's, or the correlation of the event reacted to. */
  readonly correlationId: string;
  /** What this write answers: the request or invocation itself, or the event a consumer reacted to. */
  readonly causationId: string;
  /** Who: `shopper:<pseudonym>`, `cli:<user>@<host>` (or the operator's `--actor`), `consumer:<name>`. */
  readonly actor: string;
}

/** The envelope as it is stored in an event's metadata, beside its idempotency key. */
export interface Envelope {
  correlationId?: string;
  causationId?: string;
  actor?: string;
  /** The span the event was written in, as W3C trace context, when a trace was being recorded. */
  traceparent?: string;
}

const current = new AsyncLocalStorage<Cause>();

/**
 * Runs `work` with `cause` current: every event a command appends from it, through every await, carries
 * the cause. A getter may stand for a field not known yet when the work starts (a shopper's session).
 */
export function withCause<T>(cause: Cause, work: () => T): T {
  return current.run(cause, work);
}

/** The cause of the work in progress, if it has one. */
export const currentCause = (): Cause | undefined => current.getStore();

/** The events with the current cause in their metadata (as they are, when nothing is current). */
export function stampCause<Event extends NewEvent>(events: readonly Event[], cause = currentCause()): readonly Event[] {
  if (!cause) return events;
  const traceparent = currentTraceparent();
  const envelope: Envelope = {
    correlationId: cause.correlationId,
    causationId: cause.causationId,
    actor: cause.actor,
    ...(traceparent ? { traceparent } : {}),
  };
  return events.map((event) => {
    const metadata = { ...envelope, ...event.metadata };
    return { ...event, metadata };
  });
}

/** An event's id as a cause: its position in the log. */
export const eventCauseId = (event: Pick<RecordedEvent, 'position'>) => `event:${event.position}`;

/** The cause of work done in reaction to a recorded event: its correlation goes on, the event is the causation. */
export function causedBy(event: Pick<RecordedEvent, 'position' | 'metadata'>, actor: string): Cause {
  const { correlationId } = envelopeOf(event);
  return { correlationId: correlationId ?? eventCauseId(event), causationId: eventCauseId(event), actor };
}

/** The envelope a recorded event carries (empty for events written before envelopes were). */
export function envelopeOf(event: Pick<RecordedEvent, 'metadata'>): Envelope {
  const { correlationId, causationId, actor, traceparent } = event.metadata;
  return {
    ...(typeof correlationId === 'string' ? { correlationId } : {}),
    ...(typeof causationId === 'string' ? { causationId } : {}),
    ...(typeof actor === 'string' ? { actor } : {}),
    ...(typeof traceparent === 'string' ? { traceparent } : {}),
  };
}
