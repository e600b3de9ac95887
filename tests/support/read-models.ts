import type { Queryable } from '../../db/database.ts';

/** Every row of the read-model tables, in a stable order: what "identical read models" compares. */
export async function readModels(db: Queryable) {
  const dump = async (sql: string) => (await db.query(sql)).rows.map((row) => JSON.parse(JSON.stringify(row)));
  return {
    carts: await dump('select cart_id, version, position::text, created_at, updated_at from carts order by cart_id'),
    cartLines: await dump(
      'select c.cart_id, l.line from carts c cross join jsonb_array_elements(c.lines) with ordinality as l(line, n) order by c.cart_id, l.n',
    ),
    subscribers: await dump(
      'select subscriber_id, email_cipher, subscribed_at, position::text from subscribers order by subscriber_id',
    ),
    orders: await dump('select * from orders order by order_id'),
    stockLevels: await dump('select * from stock_levels order by variant_id'),
    cartRemovals: await dump('select * from cart_removals order by cart_id, line_id'),
    orderRefunds: await dump('select * from order_refunds order by order_id, version'),
  };
}

/** Every row of every table of the public schema as text: what a pg_dump of the data would show. */
export async function wholeDatabase(db: Queryable): Promise<string> {
  const { rows: tables } = await db.query<{ name: string }>(
    "select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
  );
  let text = '';
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`select t::text as row from ${name} t`);
    text += `${name}\n${rows.map((r) => r.row).join('\n')}\n`;
  }
  return text;
}
