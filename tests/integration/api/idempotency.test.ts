import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue as seed } from '../../../seed/catalogue.data.ts';
import { BACKENDS } from '../../support/databases.ts';
import { type TestApp, createTestApp, shopper } from '../../support/test-app.ts';

const product = seed.products.find((p) => p.variants.some((v) => v.stock >= 20))!;
const variant = product.variants.find((v) => v.stock >= 20)!;
const add = (quantity = 1) => ({ productId: product.id, variantId: variant.id, quantity });
let counter = 0;
const newKey = () => `test-key-${Date.now()}-${++counter}`;

describe.each(BACKENDS)('safe retries on %s', (backend) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(backend);
  });
  afterAll(() => app?.close());

  const count = async (sql: string, params: unknown[] = []) =>
    (await app.db.query<{ n: number }>(sql, params)).rows[0]!.n;
  const eventsOf = (cartId: string) =>
    count('select count(*)::int as n from events where stream_id = $1', [`cart-${cartId}`]);
  const cartEvents = () => count(`select count(*)::int as n from events where stream_id like 'cart-%'`);

  it('the first add retried without the cookie it never received finds the same cart and hands out the same session', async () => {
    const key = newKey();
    const before = await cartEvents();
    const first = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key },
      payload: add(2),
    });
    const retried = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key },
      payload: add(2),
    });
    expect(first.statusCode).toBe(201);
    expect(retried.statusCode).toBe(201);
    expect(retried.body).toBe(first.body);
    expect(retried.headers['set-cookie']).toBe(first.headers['set-cookie']);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await cartEvents()).toBe(before + 1);

    // The answer reached the browser after all (cookie and all), and the fetch was retried anyway.
    const cookie = (first.headers['set-cookie'] as string).split(';')[0]!;
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key, cookie },
      payload: add(2),
    });
    expect(withCookie.statusCode).toBe(201);
    expect(withCookie.body).toBe(first.body);
    const cart = first.json();
    expect(await eventsOf(cart.id)).toBe(1);
    const read = await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(read.json().items[0].quantity).toBe(2);
  });

  it('repeats of a key in a session answer as the first time and record nothing; a new key is a new action', async () => {
    const me = shopper(app);
    const created = (await me.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
    const key = newKey();
    const first = await me.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key },
      payload: add(3),
    });
    for (let i = 0; i < 3; i++) {
      const again = await me.request({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(3),
      });
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(first.headers.etag);
    }
    expect(first.json().items[0].quantity).toBe(4);
    expect(await eventsOf(created.id)).toBe(2);

    const line = first.json().items[0].id;
    const removeKey = newKey();
    const removed = await me.request({
      method: 'DELETE',
      url: `/api/cart/${line}`,
      headers: { 'idempotency-key': removeKey },
    });
    const removedAgain = await me.request({
      method: 'DELETE',
      url: `/api/cart/${line}`,
      headers: { 'idempotency-key': removeKey },
    });
    expect(removed.statusCode).toBe(200);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.body).toBe(removed.body);

    const next = await me.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': newKey() },
      payload: add(3),
    });
    expect(next.json().items[0].quantity).toBe(3);
    expect(await eventsOf(created.id)).toBe(4);
  });

  it('a refusal is remembered too: the retry of a 404 is the same 404', async () => {
    const me = shopper(app);
    await me.request({ method: 'POST', url: '/api/cart', payload: add(1) });
    const key = newKey();
    const missing = '00000000-0000-4000-8000-000000000000';
    const first = await me.request({
      method: 'PUT',
      url: `/api/cart/${missing}`,
      headers: { 'idempotency-key': key },
      payload: { quantity: 2 },
    });
    const again = await me.request({
      method: 'PUT',
      url: `/api/cart/${missing}`,
      headers: { 'idempotency-key': key },
      payload: { quantity: 2 },
    });
    expect(first.statusCode).toBe(404);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(first.json());
  });

  it('the same key with another body, method or URL is a 422 and changes nothing', async () => {
    const me = shopper(app);
    const key = newKey();
    const first = (
      await me.request({ method: 'POST', url: '/api/cart', headers: { 'idempotency-key': key }, payload: add(1) })
    ).json();
    const other = await me.request({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key },
      payload: add(2),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      error: 'Unprocessable Entity',
      message: expect.stringMatching(/already used for a different request/),
      requestId: expect.any(String),
    });
    const cleared = await me.request({ method: 'DELETE', url: '/api/cart', headers: { 'idempotency-key': key } });
    expect(cleared.statusCode).toBe(422);
    expect(await eventsOf(first.id)).toBe(1);
  });

  it('another shopper’s key of the same value is theirs: scopes never share answers', async () => {
    const key = newKey();
    const a = shopper(app);
    const b = shopper(app);
    const cartA = (await a.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
    const cartB = (await b.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
    const answerA = (
      await a.request({ method: 'POST', url: '/api/cart', headers: { 'idempotency-key': key }, payload: add(1) })
    ).json();
    const answerB = (
      await b.request({ method: 'POST', url: '/api/cart', headers: { 'idempotency-key': key }, payload: add(1) })
    ).json();
    expect(answerA.id).toBe(cartA.id);
    expect(answerB.id).toBe(cartB.id);
    expect(answerB.items[0].quantity).toBe(2);
  });

  it('repeats sent while the first is still running wait for its answer: one change in all', async () => {
    const me = shopper(app);
    const cart = (await me.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        me.request({ method: 'POST', url: '/api/cart', headers: { 'idempotency-key': key }, payload: add(2) }),
      ),
    );
    const bodies = new Set(answers.map((a) => a.body));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    expect(bodies.size).toBe(1);
    expect(answers[0]!.json().items[0].quantity).toBe(3);
    expect(await eventsOf(cart.id)).toBe(2);
  });

  it('an answer the store fails to keep still reaches the client, and its retry answers from the log without running again', async () => {
    const me = shopper(app);
    const cart = (await me.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
    // A real database failure, on the statement that keeps the answer only.
    await app.db.query(`create function refuse_answers() returns trigger language plpgsql as $$
      begin raise exception 'answers are refused' using errcode = 'disk_full'; end $$`);
    await app.db.query(
      'create trigger refuse_answers before insert on idempotency_keys for each row execute function refuse_answers()',
    );
    const key = newKey();
    try {
      const first = await me.request({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(2),
      });
      expect(first.statusCode).toBe(201);
      expect(first.json().items[0].quantity).toBe(3);
      expect(await eventsOf(cart.id)).toBe(2);
      // As after a crash between the commit and the answer: the log says the add happened.
      const retried = await me.request({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(2),
      });
      expect(retried.statusCode).toBe(201);
      expect(retried.json()).toEqual(first.json());
      expect(await eventsOf(cart.id)).toBe(2);
      // Another request under the same key is still refused.
      const other = await me.request({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(1),
      });
      expect(other.statusCode).toBe(422);
    } finally {
      await app.db.query('drop trigger refuse_answers on idempotency_keys');
      await app.db.query('drop function refuse_answers()');
    }
  }, 20_000);

  it('the first add recorded but never answered (its server died) is found by its retry without a cookie: the same cart, once', async () => {
    const key = newKey();
    await app.db.query(`create function refuse_answers() returns trigger language plpgsql as $$
      begin raise exception 'answers are refused' using errcode = 'disk_full'; end $$`);
    await app.db.query(
      'create trigger refuse_answers before insert on idempotency_keys for each row execute function refuse_answers()',
    );
    let first;
    try {
      first = await app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(2),
      });
    } finally {
      await app.db.query('drop trigger refuse_answers on idempotency_keys');
      await app.db.query('drop function refuse_answers()');
    }
    expect(first.statusCode).toBe(201);
    const before = await cartEvents();
    const retried = await app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { 'idempotency-key': key },
      payload: add(2),
    });
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect(await cartEvents()).toBe(before);
    // The retry hands out a session holding that cart.
    const cookie = (retried.headers['set-cookie'] as string).split(';')[0]!;
    const read = await app.inject({ method: 'GET', url: '/api/cart', headers: { cookie } });
    expect(read.json().id).toBe(first.json().id);
  }, 20_000);

  it('subscribing with a key: the retry gets the first answer (201, new) and nothing more is recorded', async () => {
    const key = newKey();
    const email = `retry-${counter}@example.com`;
    const first = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'idempotency-key': key },
      payload: { email },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'idempotency-key': key },
      payload: { email },
    });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const other = await app.inject({
      method: 'POST',
      url: '/api/subscribe',
      headers: { 'idempotency-key': key },
      payload: { email: `other-${email}` },
    });
    expect(other.statusCode).toBe(422);
  });

  it('a malformed key is a 400 and records nothing', async () => {
    const before = await cartEvents();
    for (const key of ['short', 'has spaces in it', 'x'.repeat(201)]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'idempotency-key': key },
        payload: add(1),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Bad Request',
        message: expect.stringMatching(/Idempotency-Key/),
        requestId: expect.any(String),
      });
    }
    expect(await cartEvents()).toBe(before);
  });

  describe('conditional writes', () => {
    it('GET carries the cart version as ETag; a write with If-Match of that version applies and answers the next', async () => {
      const me = shopper(app);
      const empty = await me.request({ method: 'GET', url: '/api/cart' });
      expect(empty.headers.etag).toBe('"0"');
      const added = await me.request({
        method: 'POST',
        url: '/api/cart',
        headers: { 'if-match': '"0"' },
        payload: add(1),
      });
      expect(added.statusCode).toBe(201);
      expect(added.headers.etag).toBe('"1"');
      const read = await me.request({ method: 'GET', url: '/api/cart' });
      expect(read.headers.etag).toBe('"1"');
      const line = read.json().items[0].id;
      const changed = await me.request({
        method: 'PUT',
        url: `/api/cart/${line}`,
        headers: { 'if-match': '"1"' },
        payload: { quantity: 3 },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).toBe('"2"');
    });

    it('If-Match of another version is a 412 with the current cart, and records nothing', async () => {
      const me = shopper(app);
      const added = (await me.request({ method: 'POST', url: '/api/cart', payload: add(2) })).json();
      const line = added.items[0].id;
      await me.request({ method: 'PUT', url: `/api/cart/${line}`, payload: { quantity: 5 } });
      for (const request of [
        { method: 'PUT' as const, url: `/api/cart/${line}`, payload: { quantity: 1 } },
        { method: 'DELETE' as const, url: `/api/cart/${line}` },
        { method: 'DELETE' as const, url: '/api/cart' },
        { method: 'POST' as const, url: '/api/cart', payload: add(1) },
      ]) {
        const stale = await me.request({ ...request, headers: { 'if-match': '"1"' } });
        expect(stale.statusCode).toBe(412);
        expect(stale.headers.etag).toBe('"2"');
        expect(stale.json()).toEqual({
          ...added,
          items: [{ ...added.items[0], quantity: 5 }],
          itemCount: 5,
          total: expect.any(String),
        });
      }
      expect(await eventsOf(added.id)).toBe(2);
      // Without a cart, only version 0 holds.
      const stranger = await app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { 'if-match': '"4"' },
        payload: add(1),
      });
      expect(stranger.statusCode).toBe(412);
      expect(stranger.json()).toEqual({ id: null, items: [], total: '0.00', itemCount: 0 });
      expect(stranger.headers['set-cookie']).toBeUndefined();
    });

    it('If-Match of weak tags only can never hold: a 412 with the current cart; a list with the current strong tag holds', async () => {
      const me = shopper(app);
      const added = (await me.request({ method: 'POST', url: '/api/cart', payload: add(1) })).json();
      const weak = await me.request({ method: 'DELETE', url: '/api/cart', headers: { 'if-match': 'W/"1"' } });
      expect(weak.statusCode).toBe(412);
      expect(weak.json()).toEqual(added);
      const listed = await me.request({ method: 'DELETE', url: '/api/cart', headers: { 'if-match': 'W/"1", "1"' } });
      expect(listed.statusCode).toBe(200);
      expect(listed.headers.etag).toBe('"2"');
    });

    it('a malformed If-Match is a 400', async () => {
      const response = await app.inject({ method: 'DELETE', url: '/api/cart', headers: { 'if-match': '3' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/If-Match/);
    });
  });
});
