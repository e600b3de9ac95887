import { writeFile } from 'node:fs/promises';
import { Command, Option } from 'commander';
import { type ReportSpan, defaultSpan, ownerReport } from '../../app/report/owner-report.ts';
import { createCatalogueIndex } from '../../projections/catalogue/catalogue.index.ts';
import { loadCatalogueSnapshot } from '../../projections/catalogue/catalogue.queries.ts';
import { projectionByName } from '../../projections/registry.ts';
import { projectionStatuses } from '../../projections/status.ts';
import { type CliContext, CliError, parseIsoDate, withDatabase } from '../context.ts';
import { cannotWrite } from '../export-file.ts';
import { reportHtml } from '../report/report-html.tsx';
import { reportCsv, reportJson } from '../report/report-records.ts';
import { reportText } from '../report/report-text.ts';

const REPORT_FORMATS = ['table', 'json', 'csv'] as const;
type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The read models the report reads: one behind the log makes its figures short. */
const READ_MODELS = ['orders', 'carts', 'cart_removals', 'refunds'];

const DAY_MS = 24 * 60 * 60 * 1000;
/** A date alone ends with its day; a time is taken as it is. */
const untilOf = (value: string) => {
  const instant = parseIsoDate(value);
  return /^\s*\d{4}-\d\d-\d\d\s*$/.test(value) ? new Date(instant.getTime() + DAY_MS) : instant;
};

/** The span the options name: the last seven days by default; a start alone runs to now. */
function spanOf(options: { since?: Date; until?: Date }, now: Date): ReportSpan {
  const span = { ...defaultSpan(now), ...(options.since ? { until: now } : {}), ...options };
  if (span.since.getTime() >= span.until.getTime())
    throw new CliError(`--since (${span.since.toISOString()}) must come before --until (${span.until.toISOString()})`);
  return span;
}

/** `dino-shop report`: what sold, what was left in carts and what was taken out of them, from the read models. */
export function reportCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('report')
    .description(
      "the owner's report: sales by day (orders, items, revenue, refunds, average order), the top products by units and by revenue, what became of the carts started (ordered, emptied, abandoned and what they hold), and the products most often taken out of carts; read from read models, days in UTC",
    )
    .addOption(
      new Option('--since <date>', 'from this day (or ISO 8601 instant) on; default: six days before today').argParser(
        parseIsoDate,
      ),
    )
    .addOption(
      new Option('--until <date>', 'up to the end of this day (or up to this instant); default: now').argParser(
        untilOf,
      ),
    )
    .addOption(
      new Option(
        '--format <format>',
        'table (with a bar chart on a terminal), json (money as decimal strings), or csv (four tables, an empty line between them)',
      )
        .choices(REPORT_FORMATS)
        .default('table'),
    )
    .addOption(new Option('--html <file>', 'also write the report as one self-contained HTML page (charts in SVG)'))
    .addHelpText(
      'after',
      '\nExamples:\n  $ dino-shop report\n  $ dino-shop report --since 2026-11-01 --until 2026-11-30 --format csv > november.csv\n' +
        '  $ dino-shop report --html report.html',
    )
    .action(async (options: { since?: Date; until?: Date; format: ReportFormat; html?: string }, command: Command) => {
      const now = context.deps.now?.() ?? new Date();
      const span = spanOf(options, now);
      const { report, behind } = await withDatabase(context, command, async (db) => {
        const statuses = await projectionStatuses(
          db,
          READ_MODELS.map((name) => projectionByName(name)!),
          now,
        );
        return {
          behind: statuses.filter((s) => s.lag > 0 || s.storedVersion !== s.codeVersion).map((s) => s.name),
          report: await ownerReport(db, createCatalogueIndex(await loadCatalogueSnapshot(db)), span, now),
        };
      });
      if (behind.length > 0)
        io.stderr.write(
          `Warning: the read models ${behind.join(', ')} are not up to date with the log, so figures may be short: \`dino-shop serve\` rebuilds them when it starts, or run \`dino-shop projections replay\`.\n`,
        );
      if (options.html !== undefined) {
        await writeFile(options.html, reportHtml(report)).catch((error: unknown) => {
          throw cannotWrite(options.html!, error);
        });
        io.stderr.write(`Wrote the report to ${options.html}.\n`);
        if (command.getOptionValueSource('format') === 'default') return;
      }
      io.stdout.write(
        options.format === 'json'
          ? reportJson(report)
          : options.format === 'csv'
            ? reportCsv(report)
            : reportText(report, { chart: io.stdout.isTTY === true }),
      );
    });
}
