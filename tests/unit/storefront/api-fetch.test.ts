import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, newIdempotencyKey } from '../../../storefront/lib/api-fetch.ts';

type Call = { url: string; method: string; key: string | null };

/** A fetch that fails as scripted (a thrown TypeError is a dropped connection), recording every call. */
function scriptedFetch(script: Array<'drop' | number>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', key: new Headers(init.headers).get('idempotency-key') });
    const step = script[calls.length - 1] ?? 200;
    if (step === 'drop') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ ok: step < 400 }), { status: step });
  });
  return calls;
}

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('resends a write dropped by the network with the same Idempotency-Key', async () => {
    vi.useFakeTimers();
    const calls = scriptedFetch(['drop', 503, 201]);
    const pending = apiRequest('/api/cart', { method: 'POST', body: '{}' });
    await vi.runAllTimersAsync();
    expect((await pending).status).toBe(201);
    expect(calls).toHaveLength(3);
    expect(calls[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
  });

  it('gives each action its own key, and gives up after three attempts', async () => {
    vi.useFakeTimers();
    const calls = scriptedFetch(['drop', 'drop', 'drop', 200]);
    const failing = apiRequest('/api/cart', { method: 'DELETE' }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await failing).toBeInstanceOf(TypeError);
    await apiRequest('/api/cart', { method: 'DELETE' });
    expect(calls).toHaveLength(4);
    expect(calls[3]!.key).not.toBe(calls[0]!.key);
  });

  it('sends reads once and without a key; a refusal is not retried', async () => {
    const calls = scriptedFetch([500, 422]);
    await expect(apiRequest('/api/cart')).rejects.toThrow(/^500: /);
    await expect(apiRequest('/api/cart', { method: 'POST', body: '{}' })).rejects.toThrow(/^422: /);
    expect(calls.map((c) => [c.method, c.key === null])).toEqual([
      ['GET', true],
      ['POST', false],
    ]);
  });

  it('keeps a key the caller chose', async () => {
    const calls = scriptedFetch([200]);
    await apiRequest('/api/subscribe', { method: 'POST', body: '{}', headers: { 'idempotency-key': 'from-the-form-1234' } });
    expect(calls[0]!.key).toBe('from-the-form-1234');
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
