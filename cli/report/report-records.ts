import type { OwnerReport } from '../../app/report/owner-report.ts';
import { centsToDecimal } from '../../contracts/money-format.ts';
import { csvField } from '../records.ts';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Money as the API gives it: every `…Cents` integer becomes a decimal string under the name without `Cents`. */
function decimalMoney(value: unknown): Json {
  if (Array.isArray(value)) return value.map(decimalMoney);
  if (value === null || typeof value !== 'object') return value as Json;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) =>
      key.endsWith('Cents')
        ? [key.slice(0, -'Cents'.length), typeof v === 'number' ? centsToDecimal(v) : null]
        : [key, decimalMoney(v)],
    ),
  );
}

export const reportJson = (report: OwnerReport) => `${JSON.stringify(decimalMoney(report), null, 2)}\n`;

const row = (cells: ReadonlyArray<string | number | null>) =>
  `${cells.map((c) => csvField(c === null ? '' : String(c))).join(',')}\r\n`;
const money = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

/** The report as CSV (RFC 4180 records): four tables, each under its own header row, an empty line between them. */
export function reportCsv(report: OwnerReport): string {
  const { totals, carts } = report;
  const days = [
    row(['day', 'orders', 'cancelled', 'items', 'revenue', 'refunds', 'refunded', 'average_order']),
    ...[...report.days, { day: 'total', ...totals }].map((d) =>
      row([
        d.day,
        d.orders,
        d.cancelled,
        d.items,
        money(d.revenueCents),
        d.refunds,
        money(d.refundedCents),
        money(d.averageOrderCents),
      ]),
    ),
  ];
  const products = [
    row(['ranking', 'product_id', 'product', 'units', 'revenue']),
    ...report.topByUnits.map((p) => row(['units', p.productId, p.name, p.units, money(p.revenueCents)])),
    ...report.topByRevenue.map((p) => row(['revenue', p.productId, p.name, p.units, money(p.revenueCents)])),
  ];
  const cartRows = [
    row(['carts_started', 'ordered', 'emptied', 'abandoned', 'abandoned_value', 'open']),
    row([carts.started, carts.ordered, carts.emptied, carts.abandoned, money(carts.abandonedValueCents), carts.open]),
  ];
  const takenOut = [
    row(['product_id', 'product', 'times_taken_out']),
    ...report.takenOut.map((p) => row([p.productId, p.name, p.removals])),
  ];
  return [days, products, cartRows, takenOut].map((table) => table.join('')).join('\r\n');
}
