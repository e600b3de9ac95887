// OpenTelemetry for this process, configured by the standard OTEL_* variables alone (the SDK reads
// them: exporter, endpoint, protocol, sampler, service name). Off unless they name an exporter.
import type { NodeSDK } from '@opentelemetry/sdk-node';

let started: NodeSDK | undefined;

/**
 * Tracing is wanted when the variables name an exporter: OTEL_TRACES_EXPORTER (other than `none`) or
 * an OTLP endpoint, and OTEL_SDK_DISABLED does not say otherwise.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Starts the SDK with spans for HTTP requests (@fastify/otel) and SQL on PostgreSQL (the pg
 * instrumentation), before the shop's modules load: the loader hook must see `pg` imported to
 * instrument it. The shop's own spans (commands, consumers, mail) need only the API.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (started || !tracingWanted(env)) return;
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { PgInstrumentation }, { FastifyOtelInstrumentation }, { redactedUrl }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('../http/logger.ts'),
  ]);
  started = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: 'dino-shop' }),
    // Traces only: the metrics are /metrics' (Prometheus), the logs pino's lines.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // A statement's text with its $1 placeholders, never its values (an address is a value).
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The path as the logs show it: an order lookup's address redacted.
        requestHook: (span, request) => span.setAttribute('url.path', redactedUrl(request.url)),
      }),
    ],
  });
  started.start();
}

/** Sends the spans still buffered and stops the SDK (before the process exits). */
export async function stopTracing(): Promise<void> {
  const sdk = started;
  started = undefined;
  await sdk?.shutdown().catch(() => undefined);
}
