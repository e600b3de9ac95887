import * as v from 'valibot';

/**
 * Calls the shop's own API from the browser. Any non-OK response throws an Error whose message is
 * `${status}: ${body}` (spec 8). Cookies are sent (the cart is tied to a session).
 */
export async function apiRequest(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  if (init.body !== undefined && init.body !== null && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  const response = await fetch(path, { credentials: 'include', ...init, headers });
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw new Error(`${response.status}: ${body}`);
  }
  return response;
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
