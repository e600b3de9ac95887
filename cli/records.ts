/** The machine-readable formats of the CLI's lists and exports. */
export const EXPORT_FORMATS = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes are doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A list written in batches: its header, each batch (`first`: the very first row of the list), its footer. */
export interface Encoder<T> {
  header: string;
  batch(rows: readonly T[], first: boolean): string;
  footer(count: number): string;
}

type Field = string | number | null;

/**
 * The encoders of a list whose rows read as records with `columns` for keys: CSV (RFC 4180, every record the
 * header included ended with CRLF, null as an empty field), one JSON array written element by element (never
 * held as a whole), or NDJSON.
 */
export function recordEncoders<T, K extends string>(
  columns: readonly K[],
  record: (row: T) => Record<K, Field>,
): Record<ExportFormat, Encoder<T>> {
  const csvRow = (row: T) => {
    const r = record(row);
    return `${columns.map((column) => csvField(r[column] === null ? '' : String(r[column]))).join(',')}\r\n`;
  };
  return {
    csv: { header: `${columns.join(',')}\r\n`, batch: (rows) => rows.map(csvRow).join(''), footer: () => '' },
    json: {
      header: '[',
      batch: (rows, first) => (first ? '\n' : ',\n') + rows.map((row) => JSON.stringify(record(row))).join(',\n'),
      footer: (count) => (count === 0 ? ']\n' : '\n]\n'),
    },
    ndjson: {
      header: '',
      batch: (rows) => rows.map((row) => `${JSON.stringify(record(row))}\n`).join(''),
      footer: () => '',
    },
  };
}
