import type { Queryable } from '../../db/database.ts';

/** Every row of the read-model tables, in a stable order: what "identical read models" compares. */
export async function readModels(db: Queryable) {
  const dump = async (sql: string) => (await db.query(sql)).rows.map((row) => JSON.parse(JSON.stringify(row)));
  return {
    carts: await dump('select cart_id, version, position::text, created_at, updated_at from carts order by cart_id'),
    cartLines: await dump('select c.cart_id, l.line from carts c cross join jsonb_array_elements(c.lines) with ordinality as l(line, n) order by c.cart_id, l.n'),
    subscribers: await dump('select subscriber_id, email_cipher, subscribed_at, position::text from subscribers order by subscriber_id'),
    orders: await dump('select * from orders order by order_id'),
    stockLevels: await dump('select * from stock_levels order by variant_id'),
  };
}
