import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as OTLP/HTTP JSON carries it, its attributes flattened to plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  links: { traceId: string; spanId: string }[];
  /** The resource's `service.name`. */
  service: string;
}

export interface OtlpReceiver {
  /** The OTLP endpoint, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter posts to `<url>/v1/traces`). */
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: AnyValue[] };
}
interface KeyValue {
  key: string;
  value: AnyValue;
}

const plainValue = (value: AnyValue): unknown =>
  value.arrayValue
    ? (value.arrayValue.values ?? []).map(plainValue)
    : (value.stringValue ??
      (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue)));
const attributesOf = (list: KeyValue[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plainValue(value)]));

/** A real OTLP/HTTP endpoint (JSON encoding, `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) that keeps every span it receives. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const { resourceSpans = [] } = JSON.parse(body) as { resourceSpans?: any[] };
      for (const { resource, scopeSpans = [] } of resourceSpans) {
        const service = String(attributesOf(resource?.attributes)['service.name']);
        for (const { spans: received = [] } of scopeSpans) {
          for (const span of received) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map((link: { traceId: string; spanId: string }) => ({
                traceId: link.traceId,
                spanId: link.spanId,
              })),
              service,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
