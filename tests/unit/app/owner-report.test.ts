import { describe, expect, it } from 'vitest';
import { type ReportRows, buildReport, daysOf, defaultSpan } from '../../../app/report/owner-report.ts';
import { reportCsv, reportJson } from '../../../cli/report/report-records.ts';
import { reportHtml } from '../../../cli/report/report-html.tsx';
import { revenueChart, reportText } from '../../../cli/report/report-text.ts';

const products = new Map([
  [1, { id: 1, name: 'T-Rex Trunks', slug: 't-rex', imageUrl: '/t.svg', price: '20.00' }],
  [2, { id: 2, name: 'Raptor Thong', slug: 'raptor', imageUrl: '/r.svg', price: '12.50' }],
]);
const variants = new Map([
  [11, { id: 11, productId: 1, color: 'Green', colorHex: '#0f0', size: 'M', stock: 5 }],
  [21, { id: 21, productId: 2, color: 'Red', colorHex: '#f00', size: 'S', stock: 5 }],
]);
const catalogue = {
  productById: (id: number) => products.get(id) as never,
  variant: (id: number) => variants.get(id) as never,
  stockOf: (id: number) => variants.get(id)?.stock,
};
const line = (productId: number, variantId: number, quantity: number) => ({
  lineId: `${productId}-${variantId}`,
  productId,
  variantId,
  quantity,
});

const span = { since: new Date('2026-11-28T00:00:00Z'), until: new Date('2026-12-01T12:00:00Z') };
const rows: ReportRows = {
  sales: [
    { day: '2026-11-28', orders: 2, cancelled: 0, items: 3, revenueCents: 5000 },
    { day: '2026-11-30', orders: 3, cancelled: 1, items: 4, revenueCents: 6001 },
  ],
  refunds: [{ day: '2026-12-01', refunds: 1, refundedCents: 150 }],
  products: [
    { productId: 2, name: 'Raptor Thong', units: 5, revenueCents: 6250 },
    { productId: 1, name: 'T-Rex Trunks', units: 2, revenueCents: 4000 },
  ],
  removed: [
    { productId: 1, removals: 1 },
    { productId: 2, removals: 4 },
    { productId: 9, removals: 4 },
  ],
  cohort: { started: 8, ordered: 4, emptied: 1, abandoned: 2, open: 1 },
  abandonedUnits: [line(1, 11, 2), line(2, 21, 1), line(9, 91, 3)],
};

describe("the owner's report", () => {
  it('a span without dates is the last seven UTC days, today so far included', () => {
    // Given it is mid-afternoon on 4 December, then the span starts at midnight on 28 November
    const now = new Date('2026-12-04T15:30:00Z');
    expect(defaultSpan(now)).toEqual({ since: new Date('2026-11-28T00:00:00Z'), until: now });
    expect(daysOf(defaultSpan(now))).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
    ]);
    // Given a span ending at a midnight, then that day is not in it
    expect(daysOf({ since: new Date('2026-11-28T10:00:00Z'), until: new Date('2026-11-30T00:00:00Z') })).toEqual([
      '2026-11-28',
      '2026-11-29',
    ]);
  });

  it('lists every day, a quiet one as zeros, with refunds on the day given and averages over the orders kept', () => {
    // When the report is built from the read models' rows
    const report = buildReport(rows, span, catalogue);
    // Then each day of the span has its figures
    expect(
      report.days.map((d) => [
        d.day,
        d.orders,
        d.cancelled,
        d.items,
        d.revenueCents,
        d.refundedCents,
        d.averageOrderCents,
      ]),
    ).toEqual([
      ['2026-11-28', 2, 0, 3, 5000, 0, 2500],
      ['2026-11-29', 0, 0, 0, 0, 0, null],
      ['2026-11-30', 3, 1, 4, 6001, 0, 3001],
      ['2026-12-01', 0, 0, 0, 0, 150, null],
    ]);
    // And the totals add up, the average over the four orders not cancelled, the net less refunds
    expect(report.totals).toEqual({
      orders: 5,
      cancelled: 1,
      items: 7,
      revenueCents: 11001,
      refunds: 1,
      refundedCents: 150,
      averageOrderCents: 2750,
      netCents: 10851,
    });
  });

  it('ranks products by units and by revenue, and the carts by what became of them, abandoned ones priced today', () => {
    const report = buildReport(rows, span, catalogue);
    expect(report.topByUnits.map((p) => p.name)).toEqual(['Raptor Thong', 'T-Rex Trunks']);
    expect(report.topByRevenue.map((p) => p.name)).toEqual(['Raptor Thong', 'T-Rex Trunks']);
    // 2 × $20.00 and 1 × $12.50; a product gone from the catalogue counts for nothing, as in the cart
    expect(report.carts).toEqual({ ...rows.cohort, abandonedValueCents: 5250, orderedShare: 0.5 });
    // Ties go to the lower product id; a product gone from the catalogue is named by its id
    expect(report.takenOut).toEqual([
      { productId: 2, name: 'Raptor Thong', removals: 4 },
      { productId: 9, name: 'Product #9', removals: 4 },
      { productId: 1, name: 'T-Rex Trunks', removals: 1 },
    ]);
  });

  it('an empty shop reads as zeros and dashes, never as a division by zero', () => {
    const empty = buildReport(
      {
        sales: [],
        refunds: [],
        products: [],
        removed: [],
        abandonedUnits: [],
        cohort: { started: 0, ordered: 0, emptied: 0, abandoned: 0, open: 0 },
      },
      span,
      catalogue,
    );
    expect(empty.carts.orderedShare).toBeNull();
    expect(empty.totals.averageOrderCents).toBeNull();
    const text = reportText(empty, { chart: true });
    expect(text).toContain('No product sold.');
    expect(text).toContain('Nothing was taken out of a cart.');
    expect(text).not.toMatch(/NaN|Infinity|█/);
  });

  it('reads on a terminal as tables with money in dollars, and a bar chart of revenue with the best day full', () => {
    const report = buildReport(rows, span, catalogue);
    const text = reportText(report, { chart: false });
    expect(text.split('\n')[0]).toBe('Dino Shop report: 2026-11-28 to 2026-12-01 (UTC days), up to 12:00');
    expect(text).toMatch(/^2026-11-30\s+3\s+1\s+4\s+\$60\.01\s+\$0\.00\s+\$30\.01$/m);
    expect(text).toMatch(/^Total\s+5\s+1\s+7\s+\$110\.01\s+\$1\.50\s+\$27\.50$/m);
    expect(text).toContain('Net revenue (revenue less refunds): $108.51');
    expect(text).toMatch(/^8\s+4 \(50%\)\s+1\s+2\s+\$52\.50\s+1$/m);
    expect(text).not.toContain('Revenue by day');
    expect(reportText(report, { chart: true })).toContain(`Revenue by day\n${revenueChart(report)}`);
    const bars = revenueChart(report, 10)
      .split('\n')
      .map((row) => (row.match(/█/g) ?? []).length);
    expect(bars).toEqual([8, 0, 10, 0]);
  });

  it('as JSON gives money as decimal strings, as CSV four tables under their headers', () => {
    const report = buildReport(rows, span, catalogue);
    const json = JSON.parse(reportJson(report));
    expect(json.totals).toEqual({
      orders: 5,
      cancelled: 1,
      items: 7,
      revenue: '110.01',
      refunds: 1,
      refunded: '1.50',
      averageOrder: '27.50',
      net: '108.51',
    });
    expect(json.carts.abandoned).toBe(2);
    expect(json.carts.abandonedValue).toBe('52.50');
    expect(json.carts.orderedShare).toBe(0.5);
    const tables = reportCsv(report).split('\r\n\r\n');
    expect(tables).toHaveLength(4);
    expect(tables[0]!.split('\r\n').slice(0, 2)).toEqual([
      'day,orders,cancelled,items,revenue,refunds,refunded,average_order',
      '2026-11-28,2,0,3,50.00,0,0.00,25.00',
    ]);
    expect(tables[0]).toContain('total,5,1,7,110.01,1,1.50,27.50');
    expect(tables[2]).toBe('carts_started,ordered,emptied,abandoned,abandoned_value,open\r\n8,4,1,2,52.50,1');
  });

  it('as HTML is one page needing nothing else: inline styles, an SVG chart, no outside address', () => {
    const html = reportHtml(buildReport(rows, span, catalogue));
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).toContain('$110.01');
    expect(html).not.toMatch(/<link|<script|src=|url\(|https?:\/\//);
  });
});
