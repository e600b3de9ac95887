import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Consumer, type ConsumerContext, handleEvent } from '../../../consumers/consumer.ts';
import { headPosition, readAll } from '../../../eventstore/log-reads.ts';
import type { RecordedEvent } from '../../../eventstore/streams.ts';
import { traceIdsForLog } from '../../../eventstore/tracing.ts';
import { BACKENDS } from '../../support/databases.ts';
import { variantWithStock } from '../../support/orders.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

// The SDK's in-memory exporter, registered for this file alone (each test file runs in its own process).
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
provider.register();
const tracer = trace.getTracer('spans.test');

async function since(app: TestApp, position: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const batch of readAll(app.db, { after: position })) events.push(...batch);
  return events;
}
const spanNamed = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name);

describe.each(BACKENDS)(
  'spans of commands and consumers, and the traceparent stored with each event, on %s',
  (backend) => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp(backend);
    });
    afterAll(() => app?.close());
    beforeEach(() => exporter.reset());

    it('given a request in a trace, when a shopper adds to a cart, then the command is a child span naming the stream and the event, and the event stores that span as its traceparent', async () => {
      const { product, variant } = variantWithStock(20);
      const from = await headPosition(app.db);
      const request = await tracer.startActiveSpan('request', async (span) => {
        const answer = await shopper(app).request({
          method: 'POST',
          url: '/api/cart',
          payload: { productId: product.id, variantId: variant.id, quantity: 1 },
        });
        span.end();
        return { answer, context: span.spanContext() };
      });
      expect(request.answer.statusCode).toBe(201);

      const [command] = spanNamed('command cart');
      expect(command?.parentSpanContext?.spanId).toBe(request.context.spanId);
      expect(command?.spanContext().traceId).toBe(request.context.traceId);
      expect(command?.attributes).toMatchObject({ 'dino.command.events': ['ItemAdded'], 'dino.command.attempts': 1 });
      expect(command?.attributes['dino.command.streams']).toEqual([expect.stringMatching(/^cart-[0-9a-f-]{36}$/)]);
      expect(command?.status.code).toBe(SpanStatusCode.UNSET);
      const [added] = (await since(app, from)).filter((e) => e.type === 'ItemAdded');
      expect(added?.metadata.traceparent).toBe(
        `00-${command!.spanContext().traceId}-${command!.spanContext().spanId}-01`,
      );
    });

    it('given more than the stock, when the add is refused, then its span records the refusal as an answer, not a failure', async () => {
      const { product, variant } = variantWithStock(3);
      const answer = await shopper(app).request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: variant.id, quantity: 4 },
      });
      expect(answer.statusCode).toBe(422);
      const [command] = spanNamed('command cart');
      expect(command?.attributes['dino.command.refused']).toEqual(expect.any(String));
      expect(command?.status.code).toBe(SpanStatusCode.UNSET);
      expect(command?.events.map((e) => e.name)).toEqual(['refused']);
    });

    it('given an event written in a trace, when a consumer handles it, then its span starts a trace of its own, linked to the span the event was written in', async () => {
      const { product, variant } = variantWithStock(20);
      const from = await headPosition(app.db);
      await shopper(app).request({
        method: 'POST',
        url: '/api/cart',
        payload: { productId: product.id, variantId: variant.id, quantity: 1 },
      });
      const [added] = await since(app, from);
      const [writer] = spanNamed('command cart');
      let logged: ReturnType<typeof traceIdsForLog> = {};
      const consumer: Consumer = {
        name: 'span-test',
        eventTypes: ['ItemAdded'],
        startAt: 'now',
        handle: async () => void (logged = traceIdsForLog()),
      };
      await handleEvent(consumer, added!, {} as ConsumerContext);

      const [consume] = spanNamed('consume span-test ItemAdded');
      expect(consume?.kind).toBe(SpanKind.CONSUMER);
      expect(consume?.parentSpanContext).toBeUndefined();
      expect(consume?.spanContext().traceId).not.toBe(writer!.spanContext().traceId);
      expect(consume?.links.map((l) => l.context.spanId)).toEqual([writer!.spanContext().spanId]);
      expect(consume?.attributes).toMatchObject({
        'dino.consumer': 'span-test',
        'dino.event.type': 'ItemAdded',
        'dino.event.position': added!.position,
      });
      // A log line written while it runs names its trace and span.
      expect(logged).toEqual({ trace_id: consume!.spanContext().traceId, span_id: consume!.spanContext().spanId });
      expect(traceIdsForLog()).toEqual({});
    });

    it('given an event written before traces (no traceparent), when a consumer handles it, then its span has no link', async () => {
      const consumer: Consumer = {
        name: 'span-test',
        eventTypes: ['ItemAdded'],
        startAt: 'now',
        handle: async () => undefined,
      };
      const old = {
        position: 1,
        streamId: 'cart-x',
        version: 1,
        type: 'ItemAdded',
        data: {},
        metadata: {},
        createdAt: new Date(),
      } as unknown as RecordedEvent;
      await handleEvent(consumer, old, {} as ConsumerContext);
      expect(spanNamed('consume span-test ItemAdded')[0]?.links).toEqual([]);
    });
  },
);
