import { Command } from 'commander';
import { consumerStatuses } from '../../consumers/consumer-status.ts';
import { consumers } from '../../consumers/registry.ts';
import { listDeadLetters } from '../../eventstore/dead-letters.ts';
import { type CliContext, withDatabase } from '../context.ts';
import { formatCount, formatSeconds, formatTable } from '../output.ts';

export function consumersListCommand(context: CliContext): Command {
  const { io } = context;
  return new Command('list')
    .description(
      'each consumer with its checkpoint position, lag (events still to handle, and how long the oldest has waited), dead letters and where it runs',
    )
    .option('--json', 'print a JSON array (with the dead letters) instead of a table', false)
    .addHelpText('after', '\nExample:\n  $ dino-shop consumers list')
    .action(async (options: { json: boolean }, command: Command) => {
      const [statuses, dead] = await withDatabase(context, command, (db) =>
        Promise.all([consumerStatuses(db, consumers), listDeadLetters(db)]),
      );
      if (options.json) {
        io.stdout.write(
          `${JSON.stringify(
            statuses.map((s) => ({ ...s, deadLetterEvents: dead.filter((d) => d.consumer === s.name) })),
            null,
            2,
          )}\n`,
        );
        return;
      }
      io.stdout.write(
        formatTable(
          ['CONSUMER', 'POSITION', 'LAG', 'WAITING', 'DEAD LETTERS', 'RUNNING ON', 'EVENTS'],
          statuses.map((s) => [
            s.name,
            s.position === null ? 'never ran' : formatCount(s.position),
            formatCount(s.lag),
            formatSeconds(s.lagSeconds),
            formatCount(s.deadLetters),
            s.runningOn ?? '-',
            s.eventTypes.join(', '),
          ]),
        ),
      );
      for (const s of statuses) {
        if (s.failing)
          io.stdout.write(
            `${s.name}: retrying event ${s.failing.position} (${s.failing.attempts} failed tries): ${s.failing.error ?? 'no message'}\n`,
          );
      }
      for (const d of dead) {
        io.stdout.write(
          `${d.consumer}: dead letter ${d.position} (${d.type}, ${d.attempts} tries${d.status === 'retry' ? ', queued for retry' : ''}): ${d.error}\n`,
        );
      }
      if (dead.length > 0)
        io.stdout.write(
          'Try them again with `dino-shop consumers retry NAME [EVENT]`, or pass one over with `dino-shop consumers skip NAME EVENT`.\n',
        );
    });
}
