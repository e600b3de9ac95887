import { afterEach, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../seed/catalogue.data.ts';
import { checkout } from '../support/orders.ts';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  BACKENDS,
  type Server,
  type Target,
  consumerOf,
  freePort,
  freshTarget,
  httpShopper,
  runCli,
  startServer,
} from './fault-support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SERVER = 2;
const CONSUMER = 5;
const CLIENT = 3;

/** Waits (at most 20 s) until `found` answers something. */
async function eventually<T>(found: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const value = found();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`never came: ${what}`);
}

/** Every span under `root` in its trace (the root itself included). */
function descendants(spans: readonly ReceivedSpan[], root: ReceivedSpan): ReceivedSpan[] {
  const found = [root];
  for (let i = 0; i < found.length; i++)
    found.push(...spans.filter((s) => s.traceId === root.traceId && s.parentSpanId === found[i]!.spanId));
  return found;
}

describe.each(BACKENDS)('OpenTelemetry traces from the click to the mail, through the real server on %s', (backend) => {
  let target: Target | undefined;
  let inbox: SmtpInbox | undefined;
  let receiver: OtlpReceiver | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await server?.stop();
    await inbox?.close();
    await receiver?.close();
    await target?.drop();
  });

  it('a checkout is one trace (request → command → SQL on PostgreSQL); the mail consumer’s span is its own trace, linked to the command that wrote the order, with the SMTP send under it; no address anywhere; log lines carry the trace id', async () => {
    inbox = await startSmtpInbox();
    receiver = await startOtlpReceiver();
    target = await freshTarget(backend);
    server = await startServer(target, {
      SMTP_URL: inbox.url,
      PUBLIC_URL: 'https://dinobooty.test',
      OTEL_TRACES_EXPORTER: 'otlp',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    for (let i = 0; i < 100 && (await consumerOf(server, 'order-confirmation'))?.position == null; i++) await sleep(50);

    const product = seed.products.find((p) => p.variants.some((v) => v.stock >= 5))!;
    const variant = product.variants.find((v) => v.stock >= 5)!;
    const shopper = httpShopper(server.url);
    expect(
      (await shopper.send('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 })).status,
    ).toBe(201);
    const email = 'traced.rex@example.com';
    const placed = await shopper.send('POST', '/api/orders', checkout({ email }));
    expect(placed.status).toBe(201);
    const mail = await eventually(() => inbox!.messages.find((m) => m.to.includes(email)), 'the confirmation mail');

    const spans = receiver.spans;
    const request = await eventually(
      () =>
        spans.find(
          (s) =>
            s.kind === SERVER &&
            s.attributes['http.route'] === '/api/orders' &&
            s.attributes['http.request.method'] === 'POST',
        ),
      'the request span',
    );
    expect(request.service).toBe('dino-shop');
    const inRequest = () => descendants(spans, request);
    const command = await eventually(
      () =>
        inRequest().find((s) => (s.attributes['dino.command.events'] as string[] | undefined)?.includes('OrderPlaced')),
      'the command span',
    );
    expect(command.name).toMatch(/^command (cart\+order|order\+cart)$/);
    expect(command.attributes['dino.command.attempts']).toBe(1);
    if (backend === 'postgres') {
      await eventually(
        () =>
          descendants(spans, command).find(
            (s) => s.kind === CLIENT && (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'postgresql',
          ),
        'SQL spans under the command',
      );
    }

    const consume = await eventually(
      () => spans.find((s) => s.kind === CONSUMER && s.name === 'consume order-confirmation OrderPlaced'),
      'the consumer span',
    );
    expect(consume.traceId).not.toBe(request.traceId);
    expect(consume.parentSpanId).toBeUndefined();
    expect(consume.links).toEqual([{ traceId: request.traceId, spanId: command.spanId }]);
    const send = await eventually(
      () => descendants(spans, consume).find((s) => s.name === 'smtp send'),
      'the SMTP send span',
    );
    expect(send.attributes['dino.mail.message_id']).toBe(mail.messageId);

    await sleep(300);
    expect(JSON.stringify(spans)).not.toContain(email);
    expect(JSON.stringify(spans).toLowerCase()).not.toContain('traced.rex');
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes(`"trace_id":"${request.traceId}"`)).length,
    ).toBeGreaterThan(0);

    // The order's events carry the span they were written in (read once the server let go of the embedded database).
    await server.stop();
    const traced = await runCli(['events', 'trace', placed.json.number, '--json', ...target.globals]);
    expect(traced.stderr).toBe('');
    expect(
      JSON.parse(traced.stdout).events.find((e: { type: string }) => e.type === 'OrderPlaced').metadata.traceparent,
    ).toBe(`00-${request.traceId}-${command.spanId}-01`);
    const text = await runCli(['events', 'trace', placed.json.number, ...target.globals]);
    expect(text.stdout).toContain(`(OpenTelemetry trace ${request.traceId})`);
  });

  it('an order traced after its server was killed -9 while the mail server refused its confirmation: the mail sent after more than one try, the consumer done', async () => {
    inbox = await startSmtpInbox();
    inbox.refusing = true;
    target = await freshTarget(backend);
    const port = await freePort();
    const env = { SMTP_URL: inbox.url, PUBLIC_URL: 'https://dinobooty.test', CONSUMER_LEASE_MS: '2000' };
    server = await startServer(target, env, { port });
    for (let i = 0; i < 100 && (await consumerOf(server, 'order-confirmation'))?.position == null; i++) await sleep(50);
    const product = seed.products.find((p) => p.variants.some((v) => v.stock >= 5))!;
    const variant = product.variants.find((v) => v.stock >= 5)!;
    const shopper = httpShopper(server.url);
    await shopper.send('POST', '/api/cart', { productId: product.id, variantId: variant.id, quantity: 1 });
    const placed = await shopper.send('POST', '/api/orders', checkout({ email: 'killed.rex@example.com' }));
    expect(placed.status).toBe(201);
    await eventually(() => (inbox!.refusals.length > 0 ? true : undefined), 'a refused try');
    await server.kill9();
    inbox.refusing = false;
    server = await startServer(target, env, { port });
    const mail = await eventually(
      () => inbox!.messages.find((m) => m.to.includes('killed.rex@example.com')),
      'the confirmation after the restart',
    );
    // The send is recorded once the server has accepted it, and the checkpoint moves after that.
    for (let i = 0; i < 100 && (await consumerOf(server, 'order-confirmation'))?.lag !== 0; i++) await sleep(100);
    await server.stop();

    const traced = await runCli(['events', 'trace', placed.json.number, '--json', ...target.globals]);
    expect(traced.stderr).toBe('');
    const orderPlaced = JSON.parse(traced.stdout).events.find((e: { type: string }) => e.type === 'OrderPlaced');
    const confirmation = orderPlaced.consumers.find((c: { consumer: string }) => c.consumer === 'order-confirmation');
    expect(confirmation).toMatchObject({
      outcome: 'handled',
      mails: [{ messageId: mail.messageId, state: 'sent', attempts: expect.any(Number) }],
    });
    expect(confirmation.mails[0].attempts).toBeGreaterThan(1);
    expect(traced.stdout).not.toContain('killed.rex');
  });
});
