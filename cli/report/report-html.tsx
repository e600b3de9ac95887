import { renderToStaticMarkup } from 'react-dom/server';
import type { OwnerReport, ProductFigures } from '../../app/report/owner-report.ts';
import { formatCents } from '../../contracts/money-format.ts';
import { formatCount } from '../output.ts';
import {
  ABANDONED_RULE,
  DAY_COLUMNS,
  NOTHING_TAKEN_OUT,
  NO_PRODUCT_SOLD,
  dayCells,
  percent,
  spanText,
} from './report-text.ts';

// One self-contained page: its styles inline, its chart SVG, no outside asset, so it opens offline or in a mail.
const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; margin: 0; background: #f9fafb; }
main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
h1 { color: #15803d; font-size: 1.6rem; margin: 0 0 4px; }
h2 { font-size: 1.15rem; margin: 32px 0 8px; }
p.span { color: #4b5563; margin: 0 0 16px; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
.card { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px 14px; }
.card dt { font-size: .8rem; color: #4b5563; }
.card dd { margin: 4px 0 0; font-size: 1.3rem; font-weight: 600; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; background: #fff; border: 1px solid #e5e7eb; }
th, td { padding: 6px 10px; border-bottom: 1px solid #e5e7eb; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f0fdf4; font-size: .85rem; }
tfoot td { font-weight: 600; }
.pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 16px; }
figure { margin: 0; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 12px; overflow-x: auto; }
svg { width: 100%; min-width: 480px; height: auto; display: block; }
.note { font-size: .85rem; color: #4b5563; }
`;

/** Revenue by day as bars, the best day full height, each labelled with its day and sum. */
function RevenueChart({ report }: { report: OwnerReport }) {
  const width = 720;
  const height = 240;
  const top = 24;
  const bottom = 40;
  const best = Math.max(0, ...report.days.map((d) => d.revenueCents));
  const slot = width / Math.max(1, report.days.length);
  const bar = Math.min(64, slot * 0.7);
  const title = `Revenue by day, ${spanText(report)}`;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="revenue-title">
      <title id="revenue-title">{title}</title>
      <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="#9ca3af" />
      {report.days.map((d, i) => {
        const h = best === 0 ? 0 : ((height - top - bottom) * d.revenueCents) / best;
        const x = i * slot + (slot - bar) / 2;
        const y = height - bottom - h;
        return (
          <g key={d.day}>
            <rect x={x} y={y} width={bar} height={h} fill="#16a34a" rx={3} />
            <text x={x + bar / 2} y={y - 6} textAnchor="middle" fontSize={12} fill="#1f2937">
              {formatCents(d.revenueCents)}
            </text>
            <text x={x + bar / 2} y={height - bottom + 18} textAnchor="middle" fontSize={12} fill="#4b5563">
              {d.day.slice(5)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const Cells = ({ cells }: { cells: readonly string[] }) => (
  <tr>
    {cells.map((cell, i) => (
      // A row's cells are its columns, fixed in number and order: the index is their key.
      <td key={i}>{cell}</td>
    ))}
  </tr>
);

function Products({ caption, list }: { caption: string; list: ProductFigures[] }) {
  return (
    <div className="table-wrap">
      <table>
        <caption style={{ textAlign: 'left', fontWeight: 600, padding: '6px 0' }}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Units</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {list.length === 0 ? (
            <tr>
              <td colSpan={3}>{NO_PRODUCT_SOLD}</td>
            </tr>
          ) : (
            list.map((p) => (
              <tr key={p.productId}>
                <td>{p.name}</td>
                <td>{formatCount(p.units)}</td>
                <td>{formatCents(p.revenueCents)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function ReportPage({ report }: { report: OwnerReport }) {
  const { totals, carts } = report;
  const cards: Array<[string, string]> = [
    ['Revenue', formatCents(totals.revenueCents)],
    ['Orders', formatCount(totals.orders - totals.cancelled)],
    ['Average order', totals.averageOrderCents === null ? '–' : formatCents(totals.averageOrderCents)],
    ['Refunded', formatCents(totals.refundedCents)],
    ['Net revenue', formatCents(totals.netCents)],
    ['Carts ordered', percent(carts.orderedShare)],
  ];
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Dino Shop report: ${spanText(report)}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>Dino Shop report</h1>
          <p className="span">{spanText(report)}</p>
          <dl className="cards">
            {cards.map(([label, value]) => (
              <div className="card" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>

          <h2>Revenue by day</h2>
          <figure>
            <RevenueChart report={report} />
          </figure>

          <h2>Sales by day</h2>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  {DAY_COLUMNS.map((h) => (
                    <th scope="col" key={h}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.days.map((d) => (
                  <Cells key={d.day} cells={dayCells(d.day, d)} />
                ))}
              </tbody>
              <tfoot>
                <Cells cells={dayCells('Total', totals)} />
              </tfoot>
            </table>
          </div>
          <p className="note">
            Revenue is what shoppers paid (shipping in, discounts off) for the orders placed that day, leaving out those
            cancelled since; refunds count on the day they were given.
          </p>

          <h2>Top products</h2>
          <div className="pair">
            <Products caption="By units" list={report.topByUnits} />
            <Products caption="By revenue" list={report.topByRevenue} />
          </div>

          <h2>Carts started in these days</h2>
          <dl className="cards">
            {(
              [
                ['Started', formatCount(carts.started)],
                ['Ordered', `${formatCount(carts.ordered)} (${percent(carts.orderedShare)})`],
                ['Emptied', formatCount(carts.emptied)],
                ['Abandoned', formatCount(carts.abandoned)],
                ['Abandoned carts hold', formatCents(carts.abandonedValueCents)],
                ['Still open', formatCount(carts.open)],
              ] as const
            ).map(([label, value]) => (
              <div className="card" key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <p className="note">{ABANDONED_RULE}</p>

          <h2>Most often taken out of carts</h2>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Times taken out</th>
                </tr>
              </thead>
              <tbody>
                {report.takenOut.length === 0 ? (
                  <tr>
                    <td colSpan={2}>{NOTHING_TAKEN_OUT}</td>
                  </tr>
                ) : (
                  report.takenOut.map((p) => (
                    <tr key={p.productId}>
                      <td>{p.name}</td>
                      <td>{formatCount(p.removals)}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </main>
      </body>
    </html>
  );
}

/** The report as one HTML page that needs nothing else to open. */
export const reportHtml = (report: OwnerReport) =>
  `<!doctype html>\n${renderToStaticMarkup(<ReportPage report={report} />)}\n`;
