import * as v from 'valibot';
import { ApiError } from '../../contracts/errors.ts';

/**
 * Answers after which the same request may simply be sent again (the server recorded nothing): a
 * gateway's or a draining shop's, and a 409 that says it passes (Retry-After: a key's first request
 * still running, a contended cart). A 409 without it is the shop's answer ("only 2 left"), final.
 */
const worthResending = (response: Response) =>
  [502, 503, 504].includes(response.status) || (response.status === 409 && response.headers.has('retry-after'));
/**
 * Pauses before each retry of a write, growing: a flaky network, or a shop restarting (a few seconds),
 * gets about 13 seconds to come back. The same key makes every resend safe.
 */
export const RETRY_DELAYS_MS = [300, 700, 1_500, 3_000, 4_000, 4_000];
/** From this retry on, the shopper is told the change is waiting for the shop (a blip passes unseen). */
const TELL_FROM_ATTEMPT = 1;

/** Counts a write waiting to be resent in the shared UI state (loaded on demand: not first-load JS). */
function reportWaiting(delta: 1 | -1): void {
  void import('./ui-state.ts').then((ui) => ui.writesWaiting(delta));
}

const isWrite = (method: string | undefined) => method !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase());

/**
 * A fresh key for one shopper action. crypto.randomUUID needs a secure context (HTTPS or localhost);
 * getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A non-OK answer from the API. Its text is `${status}: ${body}`, as the shop raises every failed
 * call; the parts are typed fields, so nobody parses that text back.
 */
export class ApiRequestError extends Error {
  /** The API's `{ error, message }`, when the body was that shape. */
  readonly error: string | undefined;
  readonly apiMessage: string | undefined;

  constructor(
    readonly status: number,
    readonly body: string,
    /** Seconds to wait before retrying (the Retry-After header of a 429 or 503), when sent. */
    readonly retryAfter?: number,
    /** The answer's headers (a 412's ETag says which version the body is). */
    readonly headers?: Headers,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiRequestError';
    let parsed: v.SafeParseResult<typeof ApiError> | undefined;
    try {
      parsed = v.safeParse(ApiError, JSON.parse(body));
    } catch {
      // Not JSON (a proxy's HTML page, an empty body): no API error fields.
    }
    this.error = parsed?.success ? parsed.output.error : undefined;
    this.apiMessage = parsed?.success && parsed.output.message.trim() !== '' ? parsed.output.message : undefined;
  }
}

/**
 * What to tell a shopper about a failed call ('Only 2 left in stock'): the API's message when it sent
 * one, else `fallback`. Never the raw answer (a proxy's HTML page) or a browser's own words ('Failed
 * to fetch'), which say nothing a shopper can act on.
 */
export function shopperMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError ? error.apiMessage : undefined) ?? fallback;
}

/**
 * Calls the shop's own API from the browser; a non-OK answer throws an ApiRequestError. Cookies are
 * sent (the cart is tied to a session).
 *
 * Every write is one shopper action and carries one Idempotency-Key, kept across its retries: when the
 * network drops the request or its answer, it is sent again with the same key, and the server answers
 * the retry with the first answer instead of applying the change twice.
 */
export async function apiRequest(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (init.body !== undefined && init.body !== null && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const write = isWrite(init.method);
  if (write && !headers.has('idempotency-key')) headers.set('idempotency-key', newIdempotencyKey());
  const delays = write ? RETRY_DELAYS_MS : [];
  let told = false;
  const wait = async (attempt: number, ms: number) => {
    if (attempt >= TELL_FROM_ATTEMPT && !told) {
      told = true;
      reportWaiting(1);
    }
    await pause(ms);
  };
  try {
    for (let attempt = 0; ; attempt++) {
      const retryIn = delays[attempt];
      let response: Response;
      try {
        response = await fetch(path, { credentials: 'include', ...init, headers });
      } catch (error) {
        // A network failure: the request may or may not have reached the server; the key makes a resend safe.
        if (retryIn === undefined || init.signal?.aborted) throw error;
        await wait(attempt, retryIn);
        continue;
      }
      if (!response.ok && retryIn !== undefined && worthResending(response)) {
        await wait(attempt, retryIn);
        continue;
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
        throw new ApiRequestError(
          response.status,
          body,
          Number.isNaN(retryAfter) ? undefined : retryAfter,
          response.headers,
        );
      }
      return response;
    }
  } finally {
    if (told) reportWaiting(-1);
  }
}

/** apiRequest, then parses the JSON answer with a valibot schema (no casts on fetched JSON). */
export async function apiFetch<const TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  init: RequestInit = {},
): Promise<v.InferOutput<TSchema>> {
  const response = await apiRequest(path, init);
  const json: unknown = await response.json();
  return v.parse(schema, json);
}
