import { describe, expect, it } from 'vitest';
import { tracingWanted } from '../../../cli/tracing.ts';

describe('when tracing starts: only when the standard variables name an exporter', () => {
  it.each([
    [{}, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://jaeger:4318/v1/traces' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://jaeger:4318', OTEL_SDK_DISABLED: 'true' }, false],
    [{ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'TRUE' }, false],
    [{ OTEL_SERVICE_NAME: 'dino-shop' }, false],
  ])('given %o, then tracing is wanted: %s', (env, wanted) => {
    expect(tracingWanted(env)).toBe(wanted);
  });
});
