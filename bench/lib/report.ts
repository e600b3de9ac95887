/** One line of the results table. */
export interface Row {
  scenario: string;
  backend: 'pglite' | 'postgres' | '-';
  /** The measured figure, formatted with its unit. */
  figure: string;
  baseline: string;
  /** figure / baseline where the target is a ratio. */
  ratio: number | null;
  /**
   * The same ratio from CPU time instead of throughput (baseline CPU per request / ours), where both
   * were measured: it holds when other work shares the cores and the req/s ratio does not.
   */
  cpuRatio?: number | null;
  target: string;
  pass: boolean | null;
  /**
   * What the figure was measured under, so it compares with another project's: clients or offered rate,
   * payload, database, group size, fsync and synchronous_commit where there are writes.
   */
  conditions?: string;
  /** The machine's 1-minute load average at the row's start → its end (other work on the cores). */
  load?: string;
  note?: string;
  /** Raw numbers for latest.json. */
  data?: Record<string, unknown>;
}

export const fmtRate = (n: number, unit = 'req/s') =>
  `${n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1)} ${unit}`;
export const fmtMs = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
/** A share as a whole percentage; '?' when it was not measured. */
export const fmtShare = (share: number | undefined) => (share === undefined ? '?' : `${Math.round(share * 100)} %`);
export const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const ratioText = (ratio: number | null | undefined) => (ratio == null ? '' : `${ratio.toFixed(2)} x`);
const resultText = (r: Row) => (r.pass === null ? (r.note ? 'n/a' : '') : r.pass ? 'PASS' : 'FAIL');

/** Every column, with the notes under it: what `npm run bench` prints. */
export function table(rows: Row[]): string {
  const header = [
    'scenario',
    'backend',
    'figure',
    'baseline',
    'ratio',
    'CPU ratio',
    'target',
    'result',
    'load',
    'conditions',
  ];
  const cells = rows.map((r) => [
    r.scenario,
    r.backend,
    r.figure,
    r.baseline,
    ratioText(r.ratio),
    ratioText(r.cpuRatio),
    r.target,
    resultText(r),
    r.load ?? '',
    r.conditions ?? '',
  ]);
  return markdown(header, cells, rows);
}

/** One line per scenario (figure, baseline, ratio, target, result): the README's table. */
export function shortTable(rows: Row[]): string {
  const header = ['scenario', 'backend', 'figure', 'baseline', 'ratio', 'target', 'result', 'conditions'];
  const shortBaseline = (text: string) => text.replace(/ \(.*\)$/, '');
  return markdown(
    header,
    rows.map((r) => [
      r.scenario,
      r.backend,
      r.figure,
      shortBaseline(r.baseline),
      ratioText(r.ratio),
      r.target,
      resultText(r),
      r.conditions ?? '',
    ]),
  );
}

function markdown(header: string[], cells: string[][], withNotes?: Row[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.map(line)];
  const notes = (withNotes ?? []).filter((r) => r.note).map((r) => `- ${r.scenario} (${r.backend}): ${r.note}`);
  return [...out, ...(notes.length ? ['', 'Notes:', ...notes] : [])].join('\n');
}
