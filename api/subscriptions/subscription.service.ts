import type { Subscribe, SubscribeResult } from '../../contracts/subscription.ts';
import type { Database } from '../../db/database.ts';
import { handleCommand } from '../../eventstore/command-handler.ts';
import { appendWithProjections } from '../../projections/registry.ts';
import { decide, evolve, initialState } from './subscription.decider.ts';
import { normaliseEmail, subscriberStreamId } from './subscription.events.ts';

export function createSubscriptionService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  return {
    async subscribe(input: Subscribe): Promise<SubscribeResult> {
      const email = normaliseEmail(input.email);
      const { recorded } = await handleCommand(db, subscriberStreamId(email), { initialState, evolve, decide }, () => ({ type: 'Subscribe' as const, email, at: now().toISOString() }), { append: appendWithProjections });
      const isNew = recorded.length > 0;
      return {
        email,
        subscribed: true,
        new: isNew,
        message: isNew ? "You've been added to our dinosaur mailing list." : "You're already on our dinosaur mailing list.",
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
