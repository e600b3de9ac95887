import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseCartId } from '../../../cli/commands/cart-replay.ts';
import { encoders, writeExport } from '../../../cli/commands/subscribers-export.ts';
import { csvField, recordEncoders } from '../../../cli/records.ts';
import { parseOrderStatus } from '../../../cli/commands/orders.ts';
import { selectProjections } from '../../../cli/commands/projections-replay.ts';
import {
  CliError,
  MAX_WHOLE_NUMBER,
  parseIsoDate,
  parseNonNegativeInt,
  parsePort,
  parsePositiveInt,
} from '../../../cli/context.ts';
import { formatTable } from '../../../cli/output.ts';
import type { ExportedSubscriber } from '../../../projections/subscribers/subscribers.queries.ts';

describe('csvField (RFC 4180)', () => {
  it('leaves plain fields alone and quotes fields with commas, quotes or line breaks', () => {
    expect(csvField('amy@example.com')).toBe('amy@example.com');
    expect(csvField('"a,b"@x.co')).toBe('"""a,b""@x.co"');
    expect(csvField('a,b@x.co')).toBe('"a,b@x.co"');
    expect(csvField('a"b@x.co')).toBe('"a""b@x.co"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
  });
});

describe('export encoders', () => {
  const rows: ExportedSubscriber[] = [
    { email: 'a@x.co', subscribedAt: '2024-01-01T00:00:00.000Z' },
    { email: 'b,"c"@x.co', subscribedAt: '2024-01-02T00:00:00.000Z' },
  ];
  const encode = (format: keyof typeof encoders, batches: ExportedSubscriber[][]) => {
    const e = encoders[format];
    let out = e.header;
    let count = 0;
    for (const batch of batches) {
      out += e.batch(batch, count === 0);
      count += batch.length;
    }
    return out + e.footer(count);
  };

  it('json is one valid array however the rows are batched, and [] when empty', () => {
    expect(JSON.parse(encode('json', [rows.slice(0, 1), rows.slice(1)]))).toEqual(
      rows.map((r) => ({ email: r.email, subscribed_at: r.subscribedAt })),
    );
    expect(encode('json', [])).toBe('[]\n');
  });
  it('ndjson is one object per line; csv has a header and CRLF records', () => {
    expect(encode('ndjson', [rows])).toBe(
      '{"email":"a@x.co","subscribed_at":"2024-01-01T00:00:00.000Z"}\n{"email":"b,\\"c\\"@x.co","subscribed_at":"2024-01-02T00:00:00.000Z"}\n',
    );
    expect(encode('csv', [rows])).toBe(
      'email,subscribed_at\r\na@x.co,2024-01-01T00:00:00.000Z\r\n"b,""c""@x.co",2024-01-02T00:00:00.000Z\r\n',
    );
    expect(encode('csv', [])).toBe('email,subscribed_at\r\n');
  });
});

describe('writeExport', () => {
  it('waits for a slow stream to drain instead of buffering the whole export', async () => {
    let maxBuffered = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, callback) {
        setTimeout(callback, 1);
      },
    });
    let produced = 0;
    async function* batches() {
      for (let i = 0; i < 50; i++) {
        maxBuffered = Math.max(maxBuffered, slow.writableLength);
        produced++;
        yield Array.from({ length: 100 }, (_, j) => ({
          email: `${i}-${j}@x.co`,
          subscribedAt: '2024-01-01T00:00:00.000Z',
        }));
      }
    }
    const count = await writeExport(slow, batches(), encoders.ndjson);
    expect(count).toBe(5_000);
    expect(produced).toBe(50);
    // One batch (~7 kB) at most is ever waiting in the stream, not the whole export (~350 kB).
    expect(maxBuffered).toBeLessThan(10_000);
  });

  it('an aborted signal (Ctrl-C) ends the export even while it waits on a reader that takes nothing', async () => {
    const paused = new Writable({ highWaterMark: 16, write() {} });
    const stop = new AbortController();
    async function* batches() {
      for (;;) yield [{ email: 'a@x.co', subscribedAt: '2024-01-01T00:00:00.000Z' }];
    }
    const exporting = writeExport(paused, batches(), encoders.csv, () => {}, stop.signal);
    setTimeout(() => stop.abort(), 10);
    await expect(exporting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops quietly when the reader of a pipe goes away', async () => {
    const closed = new Writable({
      write(_chunk, _enc, callback) {
        callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    async function* batches() {
      for (;;) yield [{ email: 'a@x.co', subscribedAt: '2024-01-01T00:00:00.000Z' }];
    }
    await expect(writeExport(closed, batches(), encoders.csv)).resolves.toBeLessThan(10);
  });
});

describe('argument parsers', () => {
  it('parseIsoDate accepts dates and date-times (UTC unless an offset is given)', () => {
    expect(parseIsoDate('2024-05-01').toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(parseIsoDate('2024-05-01T12:30').toISOString()).toBe('2024-05-01T12:30:00.000Z');
    expect(parseIsoDate('2024-05-01T12:30:15.5Z').toISOString()).toBe('2024-05-01T12:30:15.500Z');
    expect(parseIsoDate('2024-05-01T12:30:00+02:00').toISOString()).toBe('2024-05-01T10:30:00.000Z');
    expect(parseIsoDate('2024-02-29').toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
  it('parseIsoDate rejects anything else', () => {
    for (const bad of [
      '',
      'today',
      '2024-5-1',
      '2023-02-29',
      '2024-04-31',
      '2024-05-01T24:00',
      '1714521600',
      '2024-05-01T12:00:00.1234Z',
    ]) {
      expect(() => parseIsoDate(bad), bad).toThrow();
    }
  });
  it('parseIsoDate starts at the year 1, which PostgreSQL takes (ISO year 0 is 1 BC)', () => {
    expect(parseIsoDate('0001-01-01').toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(() => parseIsoDate('0000-01-01')).toThrow('The year must be 0001 or later.');
    expect(() => parseIsoDate('0001-01-01T00:30+01:00')).toThrow('The year must be 0001 or later.');
  });
  it('number parsers', () => {
    expect(parsePositiveInt('5')).toBe(5);
    expect(parseNonNegativeInt('0')).toBe(0);
    for (const bad of ['0', '-1', '1.5', 'ten', '', '1e3']) expect(() => parsePositiveInt(bad), bad).toThrow();
    // The cap: PostgreSQL's integer and Node's timers.
    expect(parsePositiveInt(String(MAX_WHOLE_NUMBER))).toBe(2_147_483_647);
    for (const big of ['2147483648', '99999999999999', '999999999999999'])
      expect(() => parsePositiveInt(big), big).toThrow('Expected a whole number from 1 to 2147483647.');
    expect(() => parseNonNegativeInt('-1')).toThrow();
    expect([parsePort('0'), parsePort(' 8080 '), parsePort('65535')]).toEqual(['0', '8080', '65535']);
    for (const bad of ['65536', '-1', 'abc', '', '80.5', '123456']) expect(() => parsePort(bad), bad).toThrow();
  });
  it('parseOrderStatus takes a status in any case and answers it as the shop writes it', () => {
    // Given statuses typed as an operator might
    const typed = ['cancelled', 'CANCELLED', 'Cancelled', ' shipped ', 'pRoCeSsInG', 'delivered'];
    // When they are parsed, then each is the shop's own word
    expect(typed.map(parseOrderStatus)).toEqual([
      'Cancelled',
      'Cancelled',
      'Cancelled',
      'Shipped',
      'Processing',
      'Delivered',
    ]);
    // And anything else is refused, listing the statuses
    for (const bad of ['', 'canceled', 'refunded']) {
      expect(() => parseOrderStatus(bad), bad).toThrow(
        'Allowed choices are Processing, Shipped, Delivered, Cancelled (in any case).',
      );
    }
  });
  it('parseCartId accepts a UUID with or without the cart- prefix', () => {
    const id = '3f1c2a9e-7d1b-4c55-9a0e-2b7f0c1d9e42';
    expect(parseCartId(id)).toBe(id);
    expect(parseCartId(`cart-${id}`)).toBe(id);
    expect(parseCartId(id.toUpperCase())).toBe(id);
    expect(() => parseCartId('cart-42')).toThrow(CliError);
  });
  it('selectProjections: all by default, registry order, unknown names listed', () => {
    expect(selectProjections([]).map((p) => p.name)).toEqual([
      'carts',
      'subscribers',
      'orders',
      'stock',
      'stock_alerts',
      'cart_removals',
      'refunds',
    ]);
    expect(selectProjections(['stock', 'subscribers', 'carts', 'carts']).map((p) => p.name)).toEqual([
      'carts',
      'subscribers',
      'stock',
    ]);
    expect(() => selectProjections(['invoices', 'carts', 'returns'])).toThrow(
      'unknown projections "invoices", "returns" (known: carts, subscribers, orders, stock, stock_alerts, cart_removals, refunds)',
    );
  });
});

describe('recordEncoders', () => {
  const encoders = recordEncoders(
    ['id', 'name', 'note'],
    (row: { id: number; name: string; note: string | null }) => row,
  );
  const rows = [
    { id: 1, name: 'Tiny, Arms', note: null },
    { id: 2, name: 'Say "rawr"', note: 'x' },
  ];
  it('writes CSV with the columns for a header, CRLF after every record, null as an empty field', () => {
    const { header, batch, footer } = encoders.csv;
    expect(header + batch(rows, true) + footer(2)).toBe('id,name,note\r\n1,"Tiny, Arms",\r\n2,"Say ""rawr""",x\r\n');
  });
  it('writes one JSON array across batches, and [] for no rows', () => {
    const { header, batch, footer } = encoders.json;
    const text = header + batch(rows.slice(0, 1), true) + batch(rows.slice(1), false) + footer(2);
    expect(JSON.parse(text)).toEqual(rows);
    expect(header + footer(0)).toBe('[]\n');
  });
  it('writes NDJSON, a record a line', () => {
    expect(
      encoders.ndjson
        .batch(rows, true)
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line)),
    ).toEqual(rows);
  });
});

describe('formatTable', () => {
  it('pads columns to the widest cell', () => {
    expect(
      formatTable(
        ['A', 'LONG'],
        [
          ['xyz', '1'],
          ['q', '22'],
        ],
      ),
    ).toBe('A    LONG\nxyz  1\nq    22\n');
  });
});
