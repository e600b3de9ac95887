import type { Database } from '../../db/database.ts';
import { pendingMigrations, pingDatabase } from '../../db/status.ts';
import type { CatalogueReader } from '../../projections/catalogue/catalogue.reader.ts';
import type { Projection } from '../../eventstore/projection.ts';
import { projectionStatuses } from '../../projections/status.ts';
import type { Consumer } from '../../consumers/consumer.ts';
import { consumerStatuses } from '../../consumers/consumer-status.ts';

/** A consumer with more events than this still to handle, or whose oldest has waited longer, is reported as far behind. */
export const CONSUMER_LAG_WARNING = 1_000;
export const CONSUMER_LAG_SECONDS_WARNING = 600;

export interface ConsumerReadiness {
  name: string;
  position: number | null;
  lag: number;
  lagSeconds: number;
  deadLetters: number;
  farBehind: boolean;
}

export interface ProjectionReadiness {
  name: string;
  current: boolean;
  codeVersion: number;
  storedVersion: number | null;
  checkpoint: number;
  lag: number;
  lagSeconds: number;
}

export interface Readiness {
  ready: boolean;
  /** Why not, in words (empty when ready). */
  problems: string[];
  database: { reachable: boolean; error?: string };
  migrations: { pending: string[] };
  catalogue: { loaded: boolean; version: number };
  projections: ProjectionReadiness[];
  /**
   * Mail and other work after the commit. Reported, never a reason to take the instance out of
   * traffic: a slow mail server must not drain every instance of a shop that still serves.
   */
  consumers: ConsumerReadiness[];
  /** What an operator should look at, though the instance serves (a consumer far behind). */
  warnings: string[];
  shuttingDown: boolean;
}

export interface ReadinessSources {
  db: Database;
  catalogue: CatalogueReader;
  projections: readonly Projection[];
  consumers?: readonly Consumer[];
  shuttingDown: () => boolean;
  /** The clock the lag's seconds are read against. */
  now?: () => Date;
}

/**
 * Whether this instance should get traffic: the database answers, every migration the code ships is
 * applied, the catalogue is in memory, each projection was built by this code's version and has no
 * event of its types left to apply, and the process is not draining for shutdown.
 */
export async function checkReadiness({
  db,
  catalogue,
  projections,
  consumers = [],
  shuttingDown,
  now = () => new Date(),
}: ReadinessSources): Promise<Readiness> {
  const problems: string[] = [];
  const readiness: Readiness = {
    ready: false,
    problems,
    database: { reachable: false },
    migrations: { pending: [] },
    catalogue: { loaded: catalogue.version > 0, version: catalogue.version },
    projections: [],
    consumers: [],
    warnings: [],
    shuttingDown: shuttingDown(),
  };
  if (readiness.shuttingDown) problems.push('shutting down');
  if (!readiness.catalogue.loaded) problems.push('the catalogue is not loaded');
  try {
    await pingDatabase(db);
    readiness.database.reachable = true;
  } catch (error) {
    readiness.database.error = error instanceof Error ? error.message : String(error);
    problems.push('the database is unreachable');
    return readiness;
  }
  readiness.migrations.pending = await pendingMigrations(db);
  if (readiness.migrations.pending.length > 0) {
    problems.push(`migrations not applied: ${readiness.migrations.pending.join(', ')}`);
    return readiness;
  }
  for (const status of await projectionStatuses(db, projections, now())) {
    const current = status.storedVersion === status.codeVersion && status.lag === 0;
    const { name, codeVersion, storedVersion, checkpoint, lag, lagSeconds } = status;
    readiness.projections.push({ name, current, codeVersion, storedVersion, checkpoint, lag, lagSeconds });
    if (!current)
      problems.push(
        `projection ${name} is not current (version ${storedVersion ?? 'none'} of ${codeVersion}, ${lag} events behind)`,
      );
  }
  for (const { name, position, lag, lagSeconds, deadLetters } of await consumerStatuses(db, consumers, now())) {
    const farBehind = lag > CONSUMER_LAG_WARNING || lagSeconds > CONSUMER_LAG_SECONDS_WARNING;
    readiness.consumers.push({ name, position, lag, lagSeconds, deadLetters, farBehind });
    if (farBehind)
      readiness.warnings.push(
        `consumer ${name} is far behind: ${lag} events to handle, the oldest waiting ${Math.round(lagSeconds)} s`,
      );
    if (deadLetters > 0)
      readiness.warnings.push(`consumer ${name} has ${deadLetters} dead letter(s): see dino-shop consumers list`);
  }
  readiness.ready = problems.length === 0;
  return readiness;
}
