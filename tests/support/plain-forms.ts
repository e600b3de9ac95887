import { catalogue as seed } from '../../seed/catalogue.data.ts';
import type { TestApp } from './test-app.ts';

/** What the plain HTML form tests post: a product with at least 5 of its first variant, from the shop's origin. */
export const product = seed.products.find((p) => p.variants[0]!.stock >= 5)!;
export const variant = product.variants[0]!;
export const ORIGIN = 'http://shop.test:3000';

/** Fields as a browser encodes a form body (application/x-www-form-urlencoded). */
export const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();

/** A browser without JavaScript: sends forms from the shop's own pages and keeps every cookie it is given. */
export function browser(app: TestApp) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  return {
    jar,
    async post(
      url: string,
      fields: Record<string, string | number>,
      headers: Record<string, string> = { origin: ORIGIN },
    ) {
      const response = await app.inject({
        method: 'POST',
        url,
        payload: form(fields),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          host: 'shop.test:3000',
          cookie: cookieHeader(),
          ...headers,
        },
      });
      remember(response.headers['set-cookie']);
      return response;
    },
    async json(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
      const response = await app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { cookie: cookieHeader() },
      });
      remember(response.headers['set-cookie']);
      return response;
    },
    flash() {
      const raw = jar.get('dino.flash');
      return raw ? JSON.parse(decodeURIComponent(raw)) : null;
    },
  };
}

/** The recorded events of one stream, as type + data without ids and times. */
export async function eventsOf(app: TestApp, streamId: string) {
  const rows = await app.db.query<{ type: string; data: Record<string, unknown> }>(
    'select type, data from events where stream_id = $1 order by version',
    [streamId],
  );
  return rows.rows.map(({ type, data }) => {
    const { at: _at, lineId: _lineId, ...rest } = data;
    return { type, ...rest };
  });
}
