import type { ConsumerTrace, Trace, TracedEvent } from '../consumers/trace.ts';
import type { EventMailSend } from '../eventstore/mail-sends.ts';
import { formatTable } from './output.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Milliseconds after the trace's first event: "+0 ms", "+850 ms", "+1.2 s", "+3 min", "+2.5 h", "+4 d". */
export function formatOffset(ms: number): string {
  const at = Math.max(0, ms);
  if (at < 1_000) return `+${Math.round(at)} ms`;
  if (at < 60_000) return `+${(at / 1_000).toFixed(1)} s`;
  if (at < 3_600_000) return `+${Math.round(at / 60_000)} min`;
  if (at < 86_400_000) return `+${(at / 3_600_000).toFixed(1)} h`;
  return `+${(at / 86_400_000).toFixed(1)} d`;
}

const tries = (n: number) => plural(n, 'try', 'tries');

function mailText(mail: EventMailSend, start: number): string {
  const done =
    mail.state === 'sent' && mail.sentAt
      ? `sent ${formatOffset(mail.sentAt.getTime() - start)}`
      : 'in flight, not accepted yet';
  return `mail ${mail.messageId} ${done} (${tries(mail.attempts)})`;
}

/** What a consumer did with the event, in a line. */
export function consumerText(trace: ConsumerTrace, start: number): string {
  const mails = trace.mails.map((mail) => `; ${mailText(mail, start)}`).join('');
  switch (trace.outcome) {
    case 'handled':
      return `handled${mails}`;
    case 'waiting':
      return 'not handled yet';
    case 'retrying':
      return `retrying after ${plural(trace.attempts, 'failed try', 'failed tries')}${trace.retryAt ? `, next at ${trace.retryAt.toISOString()}` : ''}: ${trace.error ?? 'no message'}${mails}`;
    case 'skipped':
      return `skipped by an operator: ${trace.error}${mails}`;
    default:
      return `${trace.outcome} after ${tries(trace.attempts)}: ${trace.error}${mails}`;
  }
}

const eventRow = (traced: TracedEvent, start: number) => [
  formatOffset(traced.event.createdAt.getTime() - start),
  `#${traced.event.position}`,
  traced.event.streamId,
  `v${traced.event.version}`,
  traced.event.type,
  traced.actor ?? '-',
];

/**
 * `events trace` as text: a heading with the counts, then each correlation with its events in log
 * order (time after the first, position, stream, version, type, who) and under each event what its
 * consumers did with it.
 */
export function traceText(what: string, trace: Trace): string {
  const start = trace.events[0]!.event.createdAt.getTime();
  const streams = new Set(trace.events.map((t) => t.event.streamId)).size;
  const mails = trace.events.reduce((n, t) => n + t.consumers.reduce((m, c) => m + c.mails.length, 0), 0);
  const out = [
    `Trace of ${what}: ${plural(trace.events.length, 'event')} in ${plural(streams, 'stream')}, ${plural(trace.correlations.length, 'correlation')}, ${plural(mails, 'mail')}, from ${new Date(start).toISOString()}`,
  ];
  if (trace.cut)
    out.push(`(the first ${trace.events.length} events only: trace one stream, position or request for the rest)`);
  // One table for every event, so the columns line up across the correlations.
  const rows = formatTable(
    ['', '', '', '', '', ''],
    trace.events.map((t) => eventRow(t, start)),
  )
    .split('\n')
    .slice(1, -1);
  for (const correlation of trace.correlations) {
    const traces = [
      ...new Set(trace.events.flatMap((t) => (t.correlationId === correlation && t.traceId ? [t.traceId] : []))),
    ];
    out.push('', `Correlation ${correlation}${traces.length > 0 ? ` (OpenTelemetry trace ${traces.join(', ')})` : ''}`);
    trace.events.forEach((traced, i) => {
      if (traced.correlationId !== correlation) return;
      out.push(`  ${rows[i]}`);
      for (const consumer of traced.consumers) out.push(`      ${consumer.consumer}: ${consumerText(consumer, start)}`);
    });
  }
  return `${out.join('\n')}\n`;
}

/** `events trace --json`: the trace with times as ISO 8601 and each event's data and metadata. */
export function traceJson(what: string, trace: Trace) {
  return {
    query: what,
    correlations: trace.correlations,
    cut: trace.cut,
    events: trace.events.map(({ event, correlationId, causationId, actor, traceId, consumers }) => ({
      position: event.position,
      streamId: event.streamId,
      version: event.version,
      type: event.type,
      recordedAt: event.createdAt.toISOString(),
      correlationId,
      causationId,
      actor,
      traceId,
      data: event.data,
      metadata: event.metadata,
      consumers: consumers.map(({ mails, ...outcome }) => ({
        ...outcome,
        ...('retryAt' in outcome ? { retryAt: outcome.retryAt?.toISOString() ?? null } : {}),
        mails: mails.map((m) => ({
          messageId: m.messageId,
          state: m.state,
          attempts: m.attempts,
          startedAt: m.startedAt.toISOString(),
          sentAt: m.sentAt?.toISOString() ?? null,
        })),
      })),
    })),
  };
}
