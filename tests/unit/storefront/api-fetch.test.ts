import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai/vanilla';
import { RETRY_DELAYS_MS, apiRequest, newIdempotencyKey } from '../../../storefront/lib/api-fetch.ts';
import { writesWaitingAtom } from '../../../storefront/lib/ui-state.ts';

type Call = { url: string; method: string; key: string | null };

/** A fetch that fails as scripted (a thrown TypeError is a dropped connection), recording every call. */
function scriptedFetch(script: Array<'drop' | number | { status: number; headers: Record<string, string> }>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, method: init.method ?? 'GET', key: new Headers(init.headers).get('idempotency-key') });
    const step = script[calls.length - 1] ?? 200;
    if (step === 'drop') throw new TypeError('Failed to fetch');
    const { status, headers } = typeof step === 'number' ? { status: step, headers: {} } : step;
    return new Response(JSON.stringify({ ok: status < 400 }), { status, headers });
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

  it('gives each action its own key, and gives up once its retries (about 13 s, a restart) are spent', async () => {
    vi.useFakeTimers();
    const attempts = RETRY_DELAYS_MS.length + 1;
    const calls = scriptedFetch([...Array(attempts).fill('drop'), 200]);
    const failing = apiRequest('/api/cart', { method: 'DELETE' }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await failing).toBeInstanceOf(TypeError);
    expect(RETRY_DELAYS_MS.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(10_000);
    await apiRequest('/api/cart', { method: 'DELETE' });
    expect(calls).toHaveLength(attempts + 1);
    expect(calls[attempts]!.key).not.toBe(calls[0]!.key);
  });

  it('tells the shopper a change is waiting from its second retry, and stops once it is answered', async () => {
    vi.useFakeTimers();
    const store = getDefaultStore();
    scriptedFetch(['drop', 503, 'drop', 201]);
    const seen: number[] = [];
    const unsubscribe = store.sub(writesWaitingAtom, () => seen.push(store.get(writesWaitingAtom)));
    const pending = apiRequest('/api/cart', { method: 'POST', body: '{}' });
    await vi.runAllTimersAsync();
    expect((await pending).status).toBe(201);
    await vi.dynamicImportSettled();
    unsubscribe();
    expect(seen).toEqual([1, 0]);
    // A blip answered on the first retry is not worth a word.
    scriptedFetch(['drop', 201]);
    const quick = apiRequest('/api/cart', { method: 'POST', body: '{}' });
    await vi.runAllTimersAsync();
    await quick;
    await vi.dynamicImportSettled();
    expect(store.get(writesWaitingAtom)).toBe(0);
    expect(seen).toEqual([1, 0]);
  });

  it("sends a 409 again only when it says it passes (Retry-After); the shop's own 409 is its answer", async () => {
    vi.useFakeTimers();
    const passing = scriptedFetch([{ status: 409, headers: { 'retry-after': '1' } }, 201]);
    const pending = apiRequest('/api/orders', { method: 'POST', body: '{}' });
    await vi.runAllTimersAsync();
    expect((await pending).status).toBe(201);
    expect(passing).toHaveLength(2);
    const final = scriptedFetch([409, 201]);
    await expect(apiRequest('/api/orders', { method: 'POST', body: '{}' })).rejects.toThrow(/^409: /);
    expect(final).toHaveLength(1);
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
    await apiRequest('/api/subscribe', {
      method: 'POST',
      body: '{}',
      headers: { 'idempotency-key': 'from-the-form-1234' },
    });
    expect(calls[0]!.key).toBe('from-the-form-1234');
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
