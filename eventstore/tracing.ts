// The shop's spans, through the OpenTelemetry API alone: without an SDK started (cli/tracing.ts) every
// call here is the API's no-op, so tracing off costs nothing but the calls.
import {
  type Attributes,
  type Link,
  ROOT_CONTEXT,
  type Span,
  type SpanOptions,
  SpanStatusCode,
  context,
  isSpanContextValid,
  propagation,
  trace,
} from '@opentelemetry/api';

const tracer = trace.getTracer('dino-shop');

export interface SpanSettings extends SpanOptions {
  /** An error that is an answer rather than a failure (a refused command): recorded as an event, status left unset. */
  expected?: (error: unknown) => boolean;
}

/** Runs `work` in a new active span, ended when it settles; a failure is recorded and rethrown. */
export function inSpan<T>(name: string, settings: SpanSettings, work: (span: Span) => Promise<T>): Promise<T> {
  const { expected, ...options } = settings;
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      if (expected?.(error)) span.addEvent('refused', { 'exception.message': failure.message });
      else {
        span.recordException(failure);
        span.setStatus({ code: SpanStatusCode.ERROR, message: failure.message });
      }
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The recording span in progress as W3C trace context (`traceparent`), to store with an event; else none. */
export function currentTraceparent(): string | undefined {
  if (!trace.getActiveSpan()?.isRecording()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** A link to the span an event was written in (work done later is its own trace, joined by the link). */
export function linksTo(traceparent: string | undefined, attributes?: Attributes): Link[] {
  if (!traceparent) return [];
  const linked = trace.getSpanContext(propagation.extract(ROOT_CONTEXT, { traceparent }));
  return linked && isSpanContextValid(linked) ? [{ context: linked, ...(attributes ? { attributes } : {}) }] : [];
}

/** The trace id in a stored traceparent (`00-<trace id>-<span id>-<flags>`), to look the trace up in a viewer. */
export const traceIdOf = (traceparent: string | undefined): string | undefined =>
  /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/.exec(traceparent ?? '')?.[1];

/** The ids a log line carries to join its trace: none outside a span. */
export function traceIdsForLog(): { trace_id?: string; span_id?: string } {
  const active = trace.getActiveSpan()?.spanContext();
  return active && isSpanContextValid(active) ? { trace_id: active.traceId, span_id: active.spanId } : {};
}
