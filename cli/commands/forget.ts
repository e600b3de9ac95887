import { Command } from 'commander';
import { forgetSubscriber } from '../../app/subscriptions/subscription.service.ts';
import { type CliContext, CliError, withShop } from '../context.ts';
import { sealOldSubscriptions } from '../seal-subscriptions.ts';

/**
 * The right to be forgotten, under either name an operator looks for it: `subscribers forget EMAIL`
 * and `customers forget EMAIL` are one act. The address's data key seals its subscription and every
 * order's contact and shipping details; deleting it makes all of them unreadable, while orders keep
 * their lines and totals for the books. The output names the person by id only, so the address does
 * not end up in a terminal log either.
 */
function forgetCommand(context: CliContext, who: 'subscriber' | 'customer'): Command {
  const example = who === 'subscriber' ? 'subscribers' : 'customers';
  return new Command('forget')
    .description(
      'forget a person by e-mail: delete their key (their address, names and shipping details in the log and the read models become unreadable: ' +
        'subscription and orders alike; orders keep their lines and totals), empty their mailing-list row, record SubscriberForgotten',
    )
    .argument('<email>', 'the address to forget (case and surrounding spaces do not matter)')
    .addHelpText(
      'after',
      `\nExample:\n  $ dino-shop ${example} forget rex@example.com\n  Forgot ${who} 3q2-…: their personal details can no longer be read anywhere in the database.`,
    )
    .action(async (email: string, _options, command: Command) => {
      // Not echoed: what was typed may be personal data, and this goes to terminals and logs.
      if (!email.includes('@'))
        throw new CliError(
          'the argument is not an email address (it has no "@"); give the address to forget, e.g. rex@example.com',
        );
      const outcome = await withShop(context, command, async (shop, db) => {
        // Old subscriptions written in clear are sealed first, so they can be forgotten as well.
        await sealOldSubscriptions(context.io, db);
        return forgetSubscriber(shop.store, email);
      });
      context.io.stdout.write(
        outcome.forgotten
          ? `Forgot ${who} ${outcome.subscriberId}: their personal details can no longer be read anywhere in the database.\n`
          : `${who === 'subscriber' ? 'No current subscriber has that address' : 'That address is not on the mailing list'} (${who} ${outcome.subscriberId}); nothing readable of it is left.\n`,
      );
    });
}

export const subscribersForgetCommand = (context: CliContext) => forgetCommand(context, 'subscriber');
export const customersForgetCommand = (context: CliContext) => forgetCommand(context, 'customer');
