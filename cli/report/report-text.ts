import { ABANDONED_AFTER_MS, type DayFigures, type OwnerReport } from '../../app/report/owner-report.ts';
import { formatCents } from '../../contracts/money-format.ts';
import { formatCount, formatTable } from '../output.ts';

/** The report's sentences, one place for the terminal and the page. */
export const NO_PRODUCT_SOLD = 'No product sold.';
export const NOTHING_TAKEN_OUT = 'Nothing was taken out of a cart.';
export const ABANDONED_RULE = `A cart is abandoned once it holds lines and nobody has changed it for ${ABANDONED_AFTER_MS / 60_000} minutes; what it holds is priced at today's prices.`;

/** A share as a whole percentage, or a dash when there is nothing to share. */
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);
const money = (cents: number | null) => (cents === null ? '–' : formatCents(cents));

/** "2026-11-28 to 2026-12-04 (UTC), up to 14:30" */
export function spanText(report: OwnerReport): string {
  const first = report.days[0]?.day ?? report.since.slice(0, 10);
  const last = report.days.at(-1)?.day ?? first;
  const until = report.until.slice(11, 16);
  return `${first === last ? first : `${first} to ${last}`} (UTC days)${until === '00:00' ? '' : `, up to ${until}`}`;
}

/** Bars of revenue by day, `width` cells at the best day; a day without revenue draws none. */
export function revenueChart(report: OwnerReport, width = 40): string {
  const best = Math.max(0, ...report.days.map((d) => d.revenueCents));
  return report.days
    .map((d) => {
      const cells = best === 0 ? 0 : Math.round((d.revenueCents / best) * width);
      return `${d.day}  ${'█'.repeat(cells)}${' '.repeat(width - cells)}  ${formatCents(d.revenueCents)}`;
    })
    .join('\n');
}

/** The columns of sales by day, and one day's (or the totals') cells under them. */
export const DAY_COLUMNS = ['Day', 'Orders', 'Cancelled', 'Items', 'Revenue', 'Refunds', 'Average order'] as const;
export const dayCells = (label: string, d: Omit<DayFigures, 'day'>) => [
  label,
  formatCount(d.orders),
  formatCount(d.cancelled),
  formatCount(d.items),
  formatCents(d.revenueCents),
  formatCents(d.refundedCents),
  money(d.averageOrderCents),
];

const section = (title: string, body: string) => `${title}\n${body.trimEnd()}\n`;

/** The report as a terminal reads it: the tables, and a bar chart of revenue by day when `chart`. */
export function reportText(report: OwnerReport, options: { chart: boolean }): string {
  const { totals, carts } = report;
  const days = formatTable(
    DAY_COLUMNS.map((c) => c.toUpperCase()),
    [...report.days.map((d) => dayCells(d.day, d)), dayCells('Total', totals)],
  );
  const products = (list: OwnerReport['topByUnits']) =>
    list.length === 0
      ? NO_PRODUCT_SOLD
      : formatTable(
          ['PRODUCT', 'UNITS', 'REVENUE'],
          list.map((p) => [p.name, formatCount(p.units), formatCents(p.revenueCents)]),
        );
  const cartTable = formatTable(
    ['CARTS STARTED', 'ORDERED', 'EMPTIED', 'ABANDONED', 'HOLDING', 'STILL OPEN'],
    [
      [
        formatCount(carts.started),
        `${formatCount(carts.ordered)} (${percent(carts.orderedShare)})`,
        formatCount(carts.emptied),
        formatCount(carts.abandoned),
        formatCents(carts.abandonedValueCents),
        formatCount(carts.open),
      ],
    ],
  );
  const takenOut =
    report.takenOut.length === 0
      ? NOTHING_TAKEN_OUT
      : formatTable(
          ['PRODUCT', 'TIMES TAKEN OUT'],
          report.takenOut.map((p) => [p.name, formatCount(p.removals)]),
        );
  return [
    `Dino Shop report: ${spanText(report)}\n`,
    section('Sales by day', days),
    `Net revenue (revenue less refunds): ${formatCents(totals.netCents)}\n`,
    ...(options.chart ? [section('Revenue by day', revenueChart(report))] : []),
    section('Top products by units', products(report.topByUnits)),
    section('Top products by revenue', products(report.topByRevenue)),
    section('Carts started in these days, by what became of them', `${cartTable}${ABANDONED_RULE}`),
    section('Most often taken out of carts', takenOut),
  ].join('\n');
}
