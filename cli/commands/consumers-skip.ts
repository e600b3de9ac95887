import { Command } from 'commander';
import { readCheckpoints } from '../../eventstore/consumer-checkpoints.ts';
import { listDeadLetters, skipEvent } from '../../eventstore/dead-letters.ts';
import { eventAt } from '../../eventstore/log-tail.ts';
import { consumerNamed } from '../consumer-names.ts';
import { type CliContext, CliError, parsePositiveInt, withDatabase } from '../context.ts';

export function consumersSkipCommand(context: CliContext): Command {
  return new Command('skip')
    .description(
      'pass over an event for good: a dead letter, or the event the consumer is retrying (kept as a skipped record)',
    )
    .argument('<name>', 'the consumer (see dino-shop consumers list)')
    .argument('<event>', 'the event position', parsePositiveInt)
    .addHelpText('after', '\nExample:\n  $ dino-shop consumers skip welcome-mail 1234')
    .action(async (name: string, position: number, _options, command: Command) => {
      const consumer = consumerNamed(name);
      await withDatabase(context, command, async (db) => {
        const [dead, checkpoints, event] = await Promise.all([
          listDeadLetters(db, consumer.name),
          readCheckpoints(db),
          eventAt(db, position),
        ]);
        const waiting =
          dead.some((d) => d.position === position) ||
          checkpoints.some((c) => c.consumer === consumer.name && c.failingPosition === position);
        if (!event || !waiting)
          throw new CliError(
            `event ${position} is neither a dead letter of ${consumer.name} nor the event it is retrying: nothing to skip`,
          );
        await skipEvent(db, consumer.name, event, 'skipped by an operator');
      });
      context.io.stdout.write(`${consumer.name} passes over event ${position}; it stays on record as skipped.\n`);
    });
}
