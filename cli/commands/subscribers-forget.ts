import { Command } from 'commander';
import { forgetSubscriber } from '../../api/subscriptions/subscription.service.ts';
import { type CliContext, CliError, withDatabase } from '../context.ts';
import { sealOldSubscriptions } from '../seal-subscriptions.ts';

/**
 * `dino-shop subscribers forget EMAIL`: the right to be forgotten. The output names the subscriber by
 * id only, so the address does not end up in a terminal log either.
 */
export function subscribersForgetCommand(context: CliContext): Command {
  return new Command('forget')
    .description("forget a subscriber: delete their key (the address in the log becomes unreadable) and empty their mailing-list row (its address and time), record SubscriberForgotten")
    .argument('<email>', 'the address to forget (case and surrounding spaces do not matter)')
    .addHelpText('after', '\nExample:\n  $ dino-shop subscribers forget rex@example.com\n  Forgot subscriber 3q2-…: their address can no longer be read anywhere in the database.')
    .action(async (email: string, _options, command: Command) => {
      // Not echoed: what was typed may be personal data, and this goes to terminals and logs.
      if (!email.includes('@')) throw new CliError('the argument is not an email address (it has no "@"); give the address to forget, e.g. rex@example.com');
      const outcome = await withDatabase(context, command, async (db) => {
        // Old subscriptions written in clear are sealed first, so they can be forgotten as well.
        await sealOldSubscriptions(context.io, db);
        return forgetSubscriber(db, email);
      });
      context.io.stdout.write(
        outcome.forgotten
          ? `Forgot subscriber ${outcome.subscriberId}: their address can no longer be read anywhere in the database.\n`
          : `No current subscriber has that address (subscriber ${outcome.subscriberId}); nothing readable of it is left.\n`,
      );
    });
}
