import type { Queryable } from '../db/database.ts';
import { readCheckpoints } from '../eventstore/consumer-checkpoints.ts';
import { listDeadLetters } from '../eventstore/dead-letters.ts';
import { backlogSeconds } from '../eventstore/log-reads.ts';
import { backlogAfterCursor } from '../eventstore/log-tail.ts';
import type { Consumer } from './consumer.ts';

export interface ConsumerStatus {
  name: string;
  eventTypes: readonly string[];
  /** The checkpoint: the last event handled (0 before any), or null for a consumer that never ran. */
  position: number | null;
  /** Events of its types after the checkpoint, committed or not. */
  lag: number;
  /** Seconds the oldest of those events has waited (0 when there is none). */
  lagSeconds: number;
  /** Parked events and those queued for another try. */
  deadLetters: number;
  /** The event it is retrying, with its failed tries and last error. */
  failing: { position: number; attempts: number; error: string | null; retryAt: Date | null } | null;
  /** The instance running it while its lease lasts. */
  runningOn: string | null;
  updatedAt: Date | null;
}

/** Where each declared consumer stands at `now`, for `consumers list`, /metrics and /health/ready. */
export async function consumerStatuses(
  db: Queryable,
  consumers: readonly Consumer[],
  now = new Date(),
): Promise<ConsumerStatus[]> {
  const [checkpoints, deadLetters] = await Promise.all([readCheckpoints(db), listDeadLetters(db)]);
  return Promise.all(
    consumers.map(async (consumer): Promise<ConsumerStatus> => {
      const checkpoint = checkpoints.find((c) => c.consumer === consumer.name);
      const leased =
        checkpoint?.leaseOwner && checkpoint.leaseExpiresAt && checkpoint.leaseExpiresAt.getTime() > now.getTime();
      const backlog = checkpoint
        ? await backlogAfterCursor(db, checkpoint.cursor, consumer.eventTypes)
        : { events: 0, oldestAt: null };
      return {
        name: consumer.name,
        eventTypes: consumer.eventTypes,
        position: checkpoint ? checkpoint.cursor.position : null,
        lag: backlog.events,
        lagSeconds: backlogSeconds(backlog, now),
        deadLetters: deadLetters.filter((d) => d.consumer === consumer.name).length,
        failing:
          checkpoint && checkpoint.failingPosition !== null
            ? {
                position: checkpoint.failingPosition,
                attempts: checkpoint.failedAttempts,
                error: checkpoint.lastError,
                retryAt: checkpoint.retryAt,
              }
            : null,
        runningOn: leased ? checkpoint.leaseOwner : null,
        updatedAt: checkpoint?.updatedAt ?? null,
      };
    }),
  );
}
